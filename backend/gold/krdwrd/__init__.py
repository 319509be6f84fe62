"""Importing the 2008 KrdWrd data (pages, per-annotator stats, merged gold, tutorial)."""

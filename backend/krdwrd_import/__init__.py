"""Importing the 2008 KrdWrd data into Kehr: pages into corpora, the annotators' votes as
submissions and the staff's tie decisions into gold, the tutorial's pages as tutorial
steps (``manage.py import_krdwrd``).

An app of its own because it writes into all of them: inside gold it made gold import
tutorial (for TutorialStep), and so forced gold above tutorial in the app layers
(docs/architecture.md). It sits on top, beside api and annotator; gold and tutorial
import neither each other nor it. The 2008 file readers are the engine's
(kehr_engine.krdwrd), shared with its training data loader.
"""

"""DBCE (Leśniak): joint boilerplate detection over the captures of a web archive.

Pages built from one template share structure (:mod:`.structure`: structural tokens,
MinHash); each page is diffed against its *cross* (:mod:`.similar`: the two most similar
pages of other URLs and the previous and next captures of its own URL), every text
fragment gets the bit pattern of the members it occurs in, a fixed table decides
content, boilerplate or invalid (:mod:`.table`), and the decisions propagate to the
page's numbered text nodes (:mod:`.cross_labels`: per text block by default,
:mod:`.blocks`, or per word run, :mod:`.labels`). :func:`.run.label_archive` runs it all
over a set of captures; :class:`.options.DbceOptions` holds the choices beyond the
thesis (``DbceOptions.thesis_reading()`` gives the labels before issue 31).
docs/methods.md explains the method and its parameters.
"""

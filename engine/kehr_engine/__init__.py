"""Kehr's classification engine: numbered text nodes of web pages labelled good/bad/uncertain.

A standalone package (lxml, numpy, scikit-learn; never Django) so that people who only
want clean text from HTML can use it without the annotation platform. It numbers nodes
with the platform's own segmenter (:mod:`kehr_engine.segmenter`), so its label vectors
line up with the platform's pages node for node. See docs/engine.md.
"""

__version__ = "0.1.0"

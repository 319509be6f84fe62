"""Visual stability across visits (Sorice): static and dynamic regions from screenshots.

A page visited many times in a short window keeps its core (content and functional
chrome) in place while ads, teasers and banners change. From N captures of one URL:

1. :mod:`.blocks` compares two captures block by block (the *changes map*);
2. :mod:`.layouts` groups the captures by layout (a banner that pushes the content down
   makes another layout) and keeps the largest group;
3. :mod:`.core` compares every pair of that group with finer blocks and calls a block
   *dynamic* when it changes in most comparisons: the static/dynamic mask;
4. :mod:`.nodes` maps each numbered text node's rectangle onto the mask: the share of
   its area that is static, the ``visual_stability`` feature group and the
   ``stability`` labels source.

Parameters are data (:class:`.params.StabilityParams`) with the thesis' values as
defaults; docs/methods.md explains them and the method's limits.
"""

from kehr_engine.stability.core import StabilityMap, core_sections
from kehr_engine.stability.layouts import LayoutCluster, cluster_captures
from kehr_engine.stability.nodes import PageStability, node_stability, stability_labels
from kehr_engine.stability.params import StabilityParams

__all__ = [
    "LayoutCluster",
    "PageStability",
    "StabilityMap",
    "StabilityParams",
    "cluster_captures",
    "core_sections",
    "node_stability",
    "stability_labels",
]

"""The endgame tables of Duobao Qi Bing built on a Ray cluster.

The unit of work is a slice pair (a slice and its twin), built by the ``duobao tablebase
build-slice`` binary into a directory every node sees, from the files of the smaller slices its
captures lead to. ``duobao tablebase plan`` tells the pairs, which pairs each waits for and the
memory each needs, so that this package holds no copy of the tables' index arithmetic: it only
submits the pairs as Ray tasks, each waiting for its prerequisites' tasks, each reserving its
memory, retried when a worker dies.
"""

from duobao_cluster.build import SliceCrashed, SliceFailed, build

__all__ = ["SliceCrashed", "SliceFailed", "build"]

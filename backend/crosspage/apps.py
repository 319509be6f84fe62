from django.apps import AppConfig


class CrosspageConfig(AppConfig):
    name = "crosspage"
    verbose_name = "Template methods (DBCE, URL Tree)"

    def ready(self) -> None:
        from comparison import sources
        from corpora.signals import pages_arrived
        from crosspage.exports import EXPORTED
        from crosspage.receivers import queue_arrivals
        from crosspage.sources import KINDS
        from gold.exports.included import register_vector_source

        # The methods' vectors are sources like any other: diffs (dbce, urltree:<heuristic>
        # against gold or a submission) and gold exports (--include dbce).
        for kind in KINDS:
            sources.register(kind)
        for source in EXPORTED:
            register_vector_source(source)
        # URL Tree as pages arrive (harvest jobs, WARC imports).
        pages_arrived.connect(queue_arrivals, dispatch_uid="crosspage.urltree_arrivals")

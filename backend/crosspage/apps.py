from django.apps import AppConfig


class CrosspageConfig(AppConfig):
    name = "crosspage"
    verbose_name = "Template methods (DBCE, URL Tree)"

    def ready(self) -> None:
        from comparison import sources
        from crosspage.exports import EXPORTED
        from crosspage.sources import KINDS
        from gold.exports.included import register_vector_source

        # The methods' vectors are sources like any other: diffs (dbce, urltree:<heuristic>
        # against gold or a submission) and gold exports (--include dbce).
        for kind in KINDS:
            sources.register(kind)
        for source in EXPORTED:
            register_vector_source(source)

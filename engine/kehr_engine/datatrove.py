"""Kehr as a datatrove extractor step: ``WarcReader -> KehrExtractor -> filters -> writer``.

:class:`KehrExtractor` has the contract of datatrove's own Trafilatura step
(``datatrove.pipeline.extractors.Trafilatura``): it takes documents whose ``text`` is
a page's HTML, replaces it with the clean text, drops documents left empty, and keeps
their ``id`` and metadata (url, date, ...). It adds two metadata fields:
``kehr_model`` (the model file's name and the start of its payload's SHA-256, so that a
corpus says which model cleaned it) and ``kehr_good_share`` (the share of the page's
text nodes the model kept, a cheap quality signal for the filters after it).

As in datatrove's extractors, every document is cleaned in a sandbox process with a
per-document timeout (a page that hangs costs one document, not the task); the model
is loaded once per sandbox process, i.e. once per task, in the sandbox's warm-up. The
default timeout is longer than Trafilatura's 1 s because that warm-up loads the model
(about a second) and datatrove gives the warm-up the same timeout.

The step pickles to a model path, never to a model, so that datatrove's Slurm and Ray
executors ship it to their workers cheaply: the path must be readable there (shared
storage, or a shipped model name such as ``article``). datatrove is the optional
``crawl`` extra (``pip install -e '.[crawl]'``; ``./dev`` installs it); see docs/crawl.md.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from datatrove.pipeline.extractors.base import (  # type: ignore[import-untyped]
    BaseExtractor,
    ExtractorSandbox,
)
from datatrove.utils.logging import logger  # type: ignore[import-untyped]
from datatrove.utils.typeshelper import StatHints  # type: ignore[import-untyped]

from kehr_engine.default_model import EXTRACT_MODEL_NAME, model_path
from kehr_engine.krdwrd.corpus import GOOD
from kehr_engine.limits import EngineInputError
from kehr_engine.model import Model
from kehr_engine.model_file import load_model, read_header
from kehr_engine.page_input import PageInput
from kehr_engine.pipeline import predict

__all__ = ["KehrExtractor"]

DEFAULT_TIMEOUT_S = 10.0


class KehrExtractor(BaseExtractor):
    """Clean text with a Kehr model file (default: the shipped article model).

    Args:
        model: a model file, or a shipped model's name ('article', 'krdwrd').
        timeout: seconds per document (and for the warm-up that loads the model).
        max_nodes: refuse pages with more text nodes (default: the engine's limit).
    """

    name = "🧹 Kehr"
    _requires_dependencies: list[str] = []

    def __init__(
        self,
        model: str | Path = EXTRACT_MODEL_NAME,
        timeout: float = DEFAULT_TIMEOUT_S,
        max_nodes: int | None = None,
    ) -> None:
        super().__init__(timeout)
        self.model_path = Path(model_path(str(model)))
        header = read_header(self.model_path)  # a bad model file fails here, not in a task
        self.model_name = f"{self.model_path.name} sha256:{header['payload_sha256'][:12]}"
        self.max_nodes = max_nodes
        self._model: Model | None = None

    def __getstate__(self) -> dict[str, Any]:
        state = self.__dict__.copy()
        state["_model"] = None  # workers load their own from model_path
        return state

    def _loaded(self) -> Model:
        if self._model is None:
            self._model = load_model(self.model_path)
        return self._model

    def clean(self, html: str) -> tuple[str, float]:
        """A page's clean text and the share of its text nodes kept ("" for no HTML; the
        warm-up calls it with "" to load the model)."""
        model = self._loaded()
        if not html.strip():
            return "", 0.0
        page = PageInput.from_html(html, max_nodes=self.max_nodes, name="the document")
        prediction = predict(model, page, max_nodes=self.max_nodes)
        good = prediction.labels == GOOD
        share = round(float(good.mean()), 4) if len(good) else 0.0
        return prediction.good_text(page), share

    def extract(self, text: str) -> str:
        """The clean text of one page's HTML (datatrove's extractor contract)."""
        return self.clean(text)[0]

    def run(self, data: Any, rank: int = 0, world_size: int = 1) -> Any:
        """BaseExtractor.run, with the kept share and the model added to the metadata."""
        with ExtractorSandbox(timeout=self.timeout, warmup_text="") as sandbox:
            for doc in data:
                self.stat_update(StatHints.total)
                with self.track_time():
                    try:
                        doc.text, share = sandbox.process_document(doc.text, self.clean)
                        self.stat_update("extracted")
                    except TimeoutError:
                        self.stat_update("timeout")
                        logger.warning(f"Kehr: timeout on {doc.id}; document skipped")
                        continue
                    except EOFError:
                        self.stat_update("broken_process")
                        logger.warning(f"Kehr: the sandbox died on {doc.id}; document skipped")
                        continue
                    except EngineInputError as error:
                        self.stat_update("refused")
                        logger.info(f"Kehr: {doc.id} refused: {error}")
                        continue
                    except Exception as error:
                        self.stat_update("clean_error")
                        logger.warning(f"Kehr: {type(error).__name__} on {doc.id}: {error}")
                        continue
                if doc.text:
                    doc.metadata["kehr_model"] = self.model_name
                    doc.metadata["kehr_good_share"] = share
                    self.stat_update(StatHints.forwarded)
                    self.update_doc_stats(doc)
                    yield doc
                else:
                    self.stat_update(StatHints.dropped)

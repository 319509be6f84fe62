"""Server-side pieces of the annotators' Firefox extension (extension/).

- ``GET /api/annotator/config/``: what the extension needs from the server (the replay
  proxy annotators' browsers use, the proxy's setup page, the guidelines URL);
- ``/annotator/``: install page with the built add-on and the guidelines;
- ``manage.py annotator_firefox``: a ready annotator Firefox (fresh profile, add-on
  installed, proxy CA trusted, server preset).
"""

"""The real sites of bench/template_eval.py and their gold: Debian documentation packages.

Each site is a directory an apt package installs, served on loopback and crawled from
one start page. Its gold is the site's main-content container (a node inside it is
content, outside boilerplate), minus boilerplate inside the container where the
template puts some there, and always minus the harness' own rotating teaser.

Twenty-five kinds of site (issue 31):

- ``developer``: the ten sites the template methods were developed and tuned on;
  thresholds and options are chosen on these (five from the start, five added in the
  fourth session as unseen whose error lists have since been read).
- ``unseen``: five sites added in the fifth session as an evaluation only, from
  generators none of the developer sites uses; nobody tunes on them. They were run
  once with every choice made (bench/reports/template-eval.json of 2026-11-27) and
  their error lists read afterwards, so a change prompted by them must be judged on
  other fresh sites. (PostgreSQL's and Django's manuals, which issue 31 judged on, are
  held out and are not here.)
- ``reserve``: five sites added in the sixth session, from generators that neither the
  developer nor the unseen sites use, so that a change prompted by the unseen sites'
  errors can be judged on sites nobody has looked at through a method. Only their gold
  rules were checked, on every crawled page (the container found, the share of the
  page's tokens it keeps), until they judged one change: the content-container rule
  (seventh session), run once when it was final, with and without the rule
  (bench/reports/template-eval-reserve.json). Their error lists have been read since,
  so they are spent as judges too; a later change needs fresh sites again.
  ``bench/template_eval.py`` leaves them out unless ``--sites`` names them
  (:data:`JUDGED_SITES` is its default). Each site's pages (capped crawl), pages without the
  container, and the share of a page's tokens inside the gold (min / median / max):

  - log4cplus-doxygen (Doxygen 1.9.4, liblog4cplus-doc): 150 of 367, none without;
    0.17 / 0.93 / 0.99 (the lowest: an empty namespace's page, a title only).
  - qtcharts-qdoc (qdoc, Qt 5.15, qtcharts5-doc-html): 231, none without;
    0.23 / 0.86 / 0.97 (the lowest: short QML members lists under the header's bar).
  - ocamlgraph-odoc (odoc, libocamlgraph-ocaml-doc): 150 of 862, none without;
    0.27 / 0.91 / 0.99 (the lowest: functor-argument pages, a breadcrumb and a line).
  - yard-docs (YARD 0.9.28, yard-doc): 150 of 276, none without; 0.61 / 0.95 / 1.00.
  - erlang-stdlib (erl_docgen, OTP 25, erlang-doc): 75, none without; 0.004 / 0.46 /
    0.99: every page carries the whole application's function index in its left
    navigation (some 19,000 characters), and the lowest are the title pages
    (index.html, users_guide.html: a title, a version and a date).
- ``fresh``: four sites added after the reserve sites judged the container rule, from
  generators that no site above uses (a fifth, nodejs-doc, was dropped: installing it
  removes NodeSource's nodejs package, which the extension's tooling needs), held back
  to judge the next change (the one the reserve and unseen sites' error lists prompted).
  No method ran on them (not URL Tree, DBCE, trafilatura nor the engine's ``article``
  model) until they judged that change, the content container's refinements (title,
  ``<main>``, ``<nav>``; eighth session), once, when it was final
  (bench/reports/template-eval-fresh-judged.json). Their error lists have been read
  since, so they are spent as judges too (the untouched sites below judged the next change).
  Before that judgement only their gold rules were checked, on every crawled page (wget's
  crawl as the harness runs it; the container found, the share of a page's tokens inside
  the gold, to three decimals). Like the reserve sites they are left out of the default
  run unless ``--sites`` names them:

  - pango-gidocgen (gi-docgen 2022.2, libpango1.0-doc): 150 of 580, none without;
    0.520 / 0.868 / 0.985 (the lowest: classes_hierarchy.html and the alias and enum
    pages, a few lines beside the sidebar's namespace box).
  - tioga-rdoc (RDoc 6.4's Darkfish, ruby-tioga-doc): 47, none without;
    0.110 / 0.923 / 0.995 (the lowest: index.html, one sentence beside the navigation's
    class index, and Tioga/Flate.html, an empty module's title).
  - gap-reference (GAPDoc, GAP's reference manual, gap-doc): 150 of 180, none
    without; 0.229 / 0.938 / 0.986 (the lowest: chap63.html, a short chapter beside the
    90 "Goto Chapter" links; the crawl holds each chapter twice, chapN.html and its
    MathJax twin chapN_mj.html, as the [MathJax on] switch links it).
  - twisted-pydoctor (pydoctor 22.9, twisted-doc): 150 of 2320, 3 without (the module,
    class and name indexes: their list is not in div#main); 0.033 / 0.349 / 0.875 (every
    page carries the search help, hidden but in the HTML, and the sidebar's list of
    the package's modules; the lowest are undocumented modules, a title and a line).
- ``untouched``: four sites added in the ninth session, after the fresh sites judged the
  container's refinements, from generators that no site above uses, held back to judge
  the next change. No method ran on them (not URL Tree, DBCE, trafilatura nor the
  engine's ``article`` model) until they judged that change, the site's container
  (ninth session), once, when it was final (bench/reports/template-eval-untouched.json).
  Their error lists have been read since, so they are spent as judges too (the unread
  sites below judged the next change). Before that judgement only their gold
  rules were checked, on every crawled page (wget's crawl as the harness runs it,
  capture 0; the container found, the share of a page's tokens inside the gold, to three
  decimals). Like the reserve and fresh sites they are left out of the default run
  unless ``--sites`` names them:

  - nim-docgen (Nim 1.6.10's docgen, nim-doc; the standard library from lib.html):
    150 of 230, none without; 0.603 / 0.883 / 1.000 (the lowest: small modules such as
    registry.html and segfaults.html, a few declarations beside the sidebar's table of
    contents; the highest is theindex.html, some 37,000 words under the footer).
  - sqlite-docs (SQLite 3.40.1's own docsrc, sqlite3-doc): 150 of 757, none without;
    0.781 / 0.966 / 0.999 (the lowest: the short "features" pages, zeroconf.html,
    crew.html, a few paragraphs under the header's menus).
  - libvirt-docs (docutils' HTML in libvirt 9.0's page template, and its apibuild's API
    reference under html/, libvirt-doc): 150 of 178, none without; 0.667 / 0.920 / 0.999
    (the lowest: php.html, drvtest.html, macos.html, two or three paragraphs beside the
    navigation, the search form and the footer's links).
  - ikiwiki-docs (ikiwiki 3.20200202.3's own documentation wiki, ikiwiki): 150 of 466,
    none without; 0.062 / 0.903 / 0.997 (the lowest: the stub pages of the copy, cut and
    paste directives, a title and no text, and recentchanges.html, a line without the
    CGI's list).
- ``unread``: four sites added after the untouched sites judged the site's container,
  from generators that no site above uses, held back to judge the next change. No
  method ran on them (not URL Tree, DBCE, trafilatura nor the engine's ``article``
  model) until they judged the labels rule (eleventh session), once, when it was final
  (bench/reports/template-eval-unread-judged.json, and -unread-before.json for the code
  before it; template-eval-unread.json is their run on later code); their error lists
  have been read since, so they are spent as judges too. Before
  that only their gold rules were checked, on every crawled page (wget's crawl as the
  harness runs it, capture 0; the container found, the share of a page's tokens inside
  the gold, to three decimals). Like the reserve, fresh and untouched sites they are
  left out of the default run unless ``--sites`` names them. (swi-prolog-doc was looked
  at and left out: its navigation bar is images only, so 130 of its first 150 pages hold
  no template text.)

  - exim-spec (Exim 4.96's specification, its website's XSLT over the spec's DocBook,
    exim4-doc-html): 66, none without; 0.842 / 0.992 / 0.999 (the lowest: the short
    router and authenticator chapters, ch-the_accept_router.html,
    ch-the_ipliteral_router.html, a few paragraphs between the header's menu, the
    previous/next links and the footer).
  - fgl-fpdoc (fpdoc, Free Pascal 3.2.2's generics unit fgl, fp-docs-3.2.2): 150 of
    214, none without; 0.407 / 0.870 / 1.000 (the lowest: the unit's short index
    pages, index-3.html and index-2.html, a type or two constants, and one-line members
    such as tfpglist.itemismanaged.html, under the bar's links; the highest are the
    member lists a class's page opens in a pop-up, which have no bar).
  - pike-autodoc (Pike 8.0's autodoc, pike8.0-doc; the reference from its namespace's
    index): 150 of 14,073, none without; 0.074 / 0.642 / 0.998 (the lowest: 28
    module pages whose only text is their title, such as "Module Apple", since the
    navigation's list of their classes is written by JavaScript, beside the header,
    the path, the prev/next box and the footer).
  - gnuplot-latex2html (LaTeX2HTML 2022.2, gnuplot 5.4's manual, gnuplot-doc): 150 of
    652, none without; 0.004 / 0.938 / 0.995 (the lowest: the part pages node1.html
    and node5.html, a title over their "Subsections" list; the title page, index.html,
    keeps the book's contents as its text).
- ``sealed``: four sites added in the twelfth session, after the unread sites judged the
  labels rule, from generators that no site above uses, held back to judge the next
  change. No method ran on them (not URL Tree, DBCE, trafilatura nor the engine's
  ``article`` model) until they judged the short blocks outside the container (twelfth
  session), once, when it was final (bench/reports/template-eval-sealed-judged.json, and
  -sealed-before.json for the code before it; template-eval-sealed.json is their run on
  later code); their error lists have been read since,
  so they are spent as judges too, and a later change needs new sites. Before that only
  their gold rules were checked, on every crawled page (wget's crawl as the harness
  runs it, capture 0; the container found, the share of a page's tokens inside the
  gold, to three decimals). Like the reserve, fresh, untouched and
  unread sites they are left out of the default run unless ``--sites`` names them.
  (ImageMagick's website, imagemagick-6-doc, was looked at and left out: 87 of its first
  150 pages are the Doxygen API reference under www/api/, without the site's template.)

  - tomcat-docs (Tomcat 10.1's documentation, its own XSLT over the XML pages,
    tomcat10-docs): 103, 8 without (the seven Javadoc stubs, "... is not installed",
    and appdev/sample/, a hand-written page); 0.079 / 0.871 / 0.994 (the lowest: the
    Tribes stubs, tribes/status.html, tribes/membership.html, ..., a title and a "TODO"
    under the header and beside the left navigation).
  - cppreference-mediawiki (MediaWiki 1.21, cppreference.com's offline copy of
    2017-04-09, cppreference-doc-en-html; from en/Main_Page.html): 150 of 4,389, none
    without; 0.288 / 0.856 / 0.994 (the lowest: c/string.html and c/memory.html, a few
    links to the library's sections under the t-navbar's menus).
  - grass-manual (GRASS GIS 8.2.1's manual, its own mkhtml.py/build_html.py, grass-doc):
    150 of 716, none without; 0.500 / 0.899 / 0.993 (the lowest: graphical_index.html,
    the names under its pictures, and the short topic_*.html indexes, a few modules
    above the footer).
  - gri-manual (Gri 2.12.27's manual, Gri's own converter from its texinfo source,
    gri-html-doc): 150 of 202, 9 without (FAQ.html, logo.html, the example*.html and
    tst_suite/ pages, written by hand outside the template); 0.129 / 0.786 / 0.995 (the
    lowest: UnstableStream.html, Group.html, Installation.html, a heading and a menu of
    two to five sections beside the chapters' cell).
- ``withheld``: four sites added in the twelfth session, after the sealed sites judged the
  short blocks outside the container, from generators that no site above uses, held back
  to judge the next change. No method ran on them (not URL Tree, DBCE, trafilatura nor
  the engine's ``article`` model) until they judged the text written into an element
  (thirteenth session), once, when it was final
  (bench/reports/template-eval-withheld-judged.json, and -withheld-before.json for the
  code before it), so they are spent as judges too and a later change needs new sites.
  Before that only their gold rules were checked, on every crawled page (wget's crawl as
  the harness runs it, capture 0; the container found, the share of a page's tokens
  inside the gold, to three decimals). Like the reserve, fresh, untouched, unread and
  sealed sites they are left out of the default run unless ``--sites`` names them (the
  benches other than the judge refused them until the unopened sites below took their
  place). (Giac's HeVeA manual, giac-doc, was looked at and
  left out: its navigation is images only, as swi-prolog-doc's is; and Postfix's pages,
  postfix-doc, have no template.)

  - octave-makeinfo (GNU makeinfo 6.8, Octave 7.3's manual, octave-doc): 150 of 507,
    none without; 0.375 / 0.930 / 0.993 (the lowest: Boolean-Expressions.html,
    Converting-Strings.html, Cell-Array-Objects.html, a heading, a line and the menu of
    the sections below beside the Next/Previous/Up header).
  - boost-boostbook (BoostBook, Boost 1.74's XSL over DocBook XSL's chunker,
    libboost1.74-doc): 150 of 3,805, none without; 0.233 / 0.963 / 0.999 (the lowest:
    array/ack.html, any/s04.html, circular_buffer/concepts.html, a library's
    acknowledgements or a short section between the header's Home/Libraries/People/FAQ/
    More row and the copyright footer).
  - crystal-docs (Crystal 1.6's docs generator, crystal-doc): 150 of 642, none without;
    0.008 / 0.329 / 0.942 (every page carries the sidebar's list of the standard
    library's types, some 650 words; the lowest are namespace modules such as
    Benchmark/BM.html, Compress.html and Crypto.html, a title and "Defined in:").
  - batteries-ocamldoc (ocamldoc, OCaml Batteries 3.6's API, libbatteries-ocaml-doc):
    150 of 1,008, none without; 0.824 / 0.996 / 1.000 (its template is the
    Previous/Up/Next bar alone, and index.html has none: its text is all content; the
    lowest: BatOpaqueInnerSys.html, BatteriesThread.html, BatInnerShuffle.html,
    undocumented modules, a title and a signature under the bar).
- ``unopened``: four sites added in the thirteenth session, after the withheld sites
  judged the text written into an element, from generators that no site above uses, held
  back to judge the next change. No method ran on them (not URL Tree, DBCE, trafilatura
  nor the engine's ``article`` model) until they judged link skeletons (fourteenth
  session), once, when they were final (bench/reports/template-eval-unopened-judged.json,
  and -unopened-before.json for the code before them); they are spent as judges now.
  Before that only their gold rules were checked, on every crawled page (wget's crawl as
  the harness runs it, capture 0; the container found, the share of a page's tokens
  inside the gold, to three decimals). Like the reserve, fresh, untouched, unread,
  sealed and withheld sites they are left out of the default run unless ``--sites``
  names them (the benches other than the judge refused them until the untried sites
  below took their place). (PuTTY's Halibut manual, putty-doc, was looked at and left
  out: it is 20 pages, too few to judge on; and Tcllib's doctools pages, tcllib, link no
  other page, so the crawl stops at its start page.)

  - racket-scribble (Scribble, Racket 8.7's guide, racket-doc; from guide/index.html):
    133, none without; 0.107 / 0.757 / 0.968 (every page carries the left column's
    contents, the guide's chapters and the current one's sections, and its "On this
    page" list; the lowest: Sublime_Text.html, Visual_Studio_Code.html and exe.html, a
    title and a sentence or two beside it).
  - macaulay2-docs (Macaulay2 1.21's documentation, its own HTML writer,
    macaulay2-common; the Macaulay2Doc package from its index): 150 of 2,072, none
    without; 0.400 / 0.845 / 1.000 (the lowest: _varieties.html, _csdp.html,
    ___B__L__A__S.html, a title and a line or a short menu under the buttons row and
    the path; the highest are the index and the table of contents, master.html and
    toc.html, under their two or three links alone).
  - libreoffice-help (LibreOffice 7.4's help, its own XSLT over the .xhp pages,
    libreoffice-help-en-us; Calc's help from its start page, scalc/main0000.html):
    150 of 368, none without; 0.672 / 0.927 / 0.997 (the lowest: scalc/02/06080000.html
    and scalc/01/07090000.html, a title, a line and the menu path under the header's
    "LibreOffice 7.4 Help", "Module", "Contents" and "Index", above the debug footer,
    hidden but in the HTML).
  - vim-help (Vim 9.0's help files, its makehtml.awk, vim-doc): 150 of 152, none
    without; 0.879 / 0.998 / 1.000 (its template is the "main help file" link above the
    text and the "top - main help file" links below it; the lowest: os_beos.html,
    os_os2.html, os_risc.html, a notice that the port was removed).
- ``untried``: four sites added in the fifteenth session, after the unopened sites judged
  link skeletons, from generators that no site above uses, held back to judge the next
  change. No method ran on them (not URL Tree, DBCE, trafilatura nor the engine's
  ``article`` model) until they judged headings without a link skeleton (fifteenth
  session), once, when it was final (bench/reports/template-eval-untried-judged.json,
  and -untried-before.json for the code before it); they are spent as judges now.
  Before that only their gold rules were checked, on every crawled page (wget's
  crawl as the harness runs it, capture 0; the container found, the share of a page's
  tokens inside the gold, to three decimals). Like the reserve, fresh, untouched, unread,
  sealed, withheld and unopened sites they are left out of the default run unless
  ``--sites`` names them (the benches other than the judge refused them until the
  unvisited sites below took their place). (Looked at and left out:
  Groovy's Groovydoc, groovy-doc, whose pages copy Javadoc's classic layout, a generator
  the jsoup site uses; Scala's standard library, whose pages are some 240 kB each, 36 MB
  and 390,000 nodes in its first 150 pages, so its actors library stands in for it; the
  manuals of Maxima, maxima-doc, and GCL, gcl-doc, made by makeinfo; Singular's,
  singular-doc, Doxygen; MPICH's man pages, mpich-doc, DOCTEXT's pages without a template;
  and too few pages: Chez Scheme's, chezscheme-doc, 25; BIRD's LinuxDoc guide, bird2-doc,
  17; FFTW 2's, fftw-docs, 17; KiCad's Asciidoctor manuals, kicad-doc-en, 8 single pages.
  MkDocs, which the mkdocs-docs site uses, was not taken again.)

  - ntpsec-asciidoctor (Asciidoctor 2.0.18, NTPsec 1.2.2's documentation, ntpsec-doc):
    84, none without; 0.587 / 0.968 / 0.998 (the lowest: the short manual pages
    ntpwait.html, ntptime.html and ntpsweep.html, a synopsis and a few lines under the
    "Manual Pages" menu the manual pages open with; the text Asciidoctor nests in a
    menu's last section, as on rdebug.html and kern.html, is content).
  - rust-reference-mdbook (mdBook, the Rust Reference of Rust 1.63, rust-doc): 115, none
    without; 0.003 / 0.582 / 0.996 (every page carries the sidebar's list of the book's
    chapters, some 340 words; the lowest are the part pages appendices.html,
    lexical-structure.html and type-system.html, a title alone, and placeholders such as
    names/scopes.html; the highest is print.html, the whole book on one page).
  - scala-scaladoc (Scaladoc, Scala 2.11.12's actors library, scala-doc; from
    scala/actors/package.html): 52, none without; 0.961 / 0.974 / 0.984 (its template is
    the path, the members' filter and the footer, some 40 words beside a thousand or more:
    every page lists the members its type inherits; the lowest: the scheduler and remote
    packages' pages, package.html, a list of their types).
  - folks-valadoc (Valadoc's devhelp layout, folks 0.15.5's Vala API, libfolks-doc; from
    index.htm): 150 of 483, none without; 0.556 / 0.909 / 0.994 (its template is the
    header line, "... - folks Reference Manual", and the "Generated by valadoc" footer;
    the lowest: one-line properties and methods such as
    Folks.Individual.last_call_interaction_datetime.html and change_avatar.html, a title
    and a declaration).
- ``unvisited``: four sites added in the sixteenth session, after the untried sites
  judged headings without a link skeleton, from generators that no site above uses,
  held back to judge the next change. No method ran on them (not URL Tree, DBCE,
  trafilatura nor the engine's ``article`` model) until they judged headings apart
  (sixteenth session), once, when it was final
  (bench/reports/template-eval-unvisited-judged.json, and -unvisited-before.json for the
  code before it); they are spent as judges now. Before that only their gold rules were
  checked, on every crawled page (wget's crawl as the harness runs it, capture 0; the container
  found, the share of a page's tokens inside the gold, to three decimals). Like the
  reserve, fresh, untouched, unread, sealed, withheld, unopened and untried sites they are
  left out of the default run unless ``--sites`` names them (the benches other than the
  judge refused them until the unexplored sites below took their place). (Looked at and
  left out: Perl's HTML documentation, perl-doc-html, which Debian 12 does
  not have; Ruby's, ruby3.1-doc, only ri files (and RDoc's Darkfish is the tioga site's
  generator); R's manuals, r-doc-html, made by makeinfo, and r-base-html, only each R
  package's index (R serves its help pages itself); Ghostscript 10.0's, ghostscript-doc,
  Sphinx; Penlight's, lua-penlight-dev, LDoc again; no HeVeA-made manual was found
  (hevea ships none, gprolog-doc one HTML page beside its PDF); ncurses' manual pages,
  ncurses-doc, whose only template is a running head naming the page and the page's own
  list of sections;
  no HTML in tcl8.6-doc, libssl-doc, nasm, gnumeric-doc (DocBook XML for yelp) nor
  scilab-doc (three demo pages); jQuery UI's, libjs-jquery-ui-docs, and Bootstrap 5's,
  libjs-bootstrap5-doc, demos and examples, each of its own layout; and too few pages:
  LDoc's own manual, lua-ldoc, 8; PropEr's EDoc pages, erlang-proper-doc, 16; Graphviz's,
  graphviz-doc, 17; Firebird's, firebird3.0-doc, 2.)

  - awesome-ldoc (LDoc 1.4.6, awesome 4.3's API documentation, awesome-doc): 123, none
    without; 0.071 / 0.752 / 0.974 (every page carries the navigation's links to every
    module, class, sample file and topic, some 125 links and 150 words; the lowest
    are the modules merged into a class, libraries/awful.client.html, awful.mouse.html,
    awful.screen.html and awful.tag.html, a title and "This module documentation has
    been merged with the ... class"; the highest is classes/client.html).
  - libxml2-site (libxml2 2.9.14's website, its own site.xsl and newapi.xsl over the
    site's XML, libxml2-doc): 99, 22 without (the tutorial's 19 DocBook pages under
    tutorial/, which the Developer Menu links; guidelines.html and xmlreader.html, written
    outside the template; xml.html, the flat page the stylesheets read, the whole site
    on one page); 0.406 / 0.795 / 0.997 (the left column's menus are some 40 links, 80 to
    100 words, on every page; the lowest: XSLT.html, html/libxml-xmlexports.html and
    DOM.html, a few paragraphs or six macros beside them; the highest is news.html, some
    23,000 words).
  - allegro5-pandoc (pandoc under Allegro 5.2.8's template, its reference manual,
    allegro5-doc): 42, none without; 0.519 / 0.862 / 0.967 (its template is the sidebar,
    the manual's sections, addons and index in 42 links and the search box, some 75
    words, the "Source Code" links and the "Last updated" line; the lowest: index.html,
    the list of sections the sidebar repeats, and the short misc.html, main.html and
    memfile.html, a few paragraphs or one or two entries).
  - gnustep-autogsdoc (autogsdoc, GNUstep Base 1.28's reference, gnustep-base-doc; from
    Base.html): 90, none without (the other nine pages of Reference/ are the frameset's
    index.html and its tables of contents, which no page links); 0.905 / 0.986 / 1.000
    (its template is the "Up" links above and below the text and the "Contents -" box;
    the lowest: NSEnumerator.html, a short class and a protocol under the box, and
    TypesAndConstants.html, whose box lists some 550 sections; the highest is Base.html,
    the package's page, with no "Up" link nor box. The front matter, the authors,
    version, date and copyright, is the document's own head and stays content).

- ``unexplored``: four sites added in the seventeenth session, after the unvisited sites
  judged headings apart, held back to judge the next change: two from generators that no
  site above uses (texi2html, under LilyPond's own init; Spectre.css's Pug templates),
  and, as four new generators were not to be found, two Sphinx sites in layouts that no
  Sphinx site above has (pydata-sphinx-theme's and Emscripten's Read the Docs theme; the
  Sphinx sites above use Python's, Sphinx's own, SQLAlchemy's and the nature theme). No
  method ran on them (not URL Tree, DBCE, trafilatura nor the engine's ``article``
  model) until they judged what lies inside the container (seventeenth session), once,
  when it was final (bench/reports/template-eval-unexplored-judged.json, and
  -unexplored-before.json for the code before it); they are spent as judges since.
  Before that only their gold rules were checked, on every
  crawled page (wget's crawl as the harness runs it, capture 0; the container found, the
  share of a page's tokens inside the gold, to three decimals). Like the reserve, fresh,
  untouched, unread, sealed, withheld, unopened, untried and unvisited sites they are
  left out of the default run unless ``--sites`` names them (the benches other than the
  judge refused them until the uncharted sites below took their place).
  (Looked at and left out:
  FreedomBox's manual, freedombox-doc-en, and RT's POD pages, rt5-doc-html, fragments
  without a page of their own (no html, head or body; RT's only template a "Back to
  index" link), written to be wrapped by the application; LIRC's website, lirc-doc,
  whose header is images only and whose pages are man2html's or hand-written; the
  stock DocBook XSL chunker's layout again, as the debian-reference and wireshark sites
  have it: GIMP's help, gimp-help-en, debmake-doc and docbook-xsl-doc-html; Apache Commons
  Lang 3's Javadoc (JDK 17), libcommons-lang3-java-doc, whose class pages link some
  hundreds of source pages (src-html/) without a template, and Ant's manual, ant-doc,
  frames without one; Python-Markdown's, python-markdown-doc, MkDocs again (the mkdocs
  site's generator), and fish's and PyPy's, fish-common and pypy3-doc, Sphinx in the
  classic layout; MathJax's, libjs-mathjax-doc, the Read the Docs theme the emscripten
  site has; Go's, golang-1.19-doc, four pages (the specification, the memory model, the
  assembler); GNOME's developer docs,
  gnome-devel-docs, Mallard pages for yelp; gettext's manual, gettext-doc, texi2html
  again and 33 pages; and too few pages: Yodl's, yodl-doc, 7; BIND 9's
  Read the Docs manual, bind9-doc, 18; Pelican's, pelican-doc, 16; PCP's, pcp-doc, 22;
  THE's, the-doc, 17. The first 150 pages of pandas' crawl from its start page,
  index.html, are 141 API stubs that the general index links (pandas.tseries.offsets
  ....__call__ and .apply, a line each), so its site is the API reference, from
  reference/index.html.)

  - lilypond-texi2html (texi2html 1.82 under LilyPond 2.24.1's init, its Learning
    Manual, lilypond-doc-html; from learning/index.html): 128, none without; 0.008 /
    0.244 / 0.867 (every page carries div#tocframe, the manual's contents, some 660
    words, and div#main the navigation tables above and below the text and the footer;
    the lowest are the appendix's and chapters' section pages, other-templates.html,
    orchestral-templates.html, string-quartet-templates.html, placement-of-objects.html,
    a heading and the menu of their subsections; the highest is lilypond-index.html,
    the index).
  - spectre-pug (Spectre.css 0.5.9's documentation, its Pug templates,
    libjs-spectre-docs): 57, 1 without (index.html, the landing page: a hero, the
    features and the Twitter/PayPal/Patreon boxes, without the docs' layout); 0.270 /
    0.685 / 0.938 (its template is the sidebar's links to every page, some 70 words, the
    navbar's PayPal and GitHub and the footer's links, licence and version, some 100
    tokens; the lowest: experimentals/progress.html, utilities/shapes.html and
    utilities/loading.html, a title, a line and a small demo with its code).
  - pandas-pydata (Sphinx 5.3 under pydata-sphinx-theme, pandas 1.5.3's API reference,
    python-pandas-doc; from reference/index.html): 150 of 2,457, none without; 0.029 /
    0.750 / 0.964 (every page carries the navbar, the sidebar's links to the section's
    entries, some 400 tokens on the Series pages, "On this page" and the footer; the
    lowest: pandas.Series.index.html, Series.T.html, Series.dtype.html, one-line
    attributes; the highest: pandas.read_csv.html, read_table.html, their long
    parameter lists).
  - emscripten-rtd (Sphinx under Emscripten 3.1.6's copy of the Read the Docs theme,
    emscripten-doc): 80, none without; 0.004 / 0.305 / 0.936 (every page carries the
    sidebar's whole contents, every level, some 2,200 tokens; the lowest: search.html,
    its "Please activate JavaScript" line, and the section indexes such as
    docs/porting/multimedia_and_graphics/index.html and docs/site/index.html, a title and
    a line over two or three links; the highest is
    docs/introducing_emscripten/release_notes.html).

- ``uncharted``: four sites added in the eighteenth session, after the unexplored sites
  judged what lies inside the container, held back to judge the next change: three from
  generators that no site above uses (Jade's Modular DocBook DSSSL stylesheets, a
  DocBook chunker that none of the DocBook sites above has; MLRISC's mltex2html;
  MHonArc's documentation, written by hand with its navigation rows between marker
  comments), and one Sphinx site in a layout that no Sphinx site above has (Furo's). No
  method ran on them (not URL Tree, DBCE, trafilatura nor the engine's ``article``
  model; neither bench/template_eval.py's evaluation nor bench/site_container.py) until
  they judged the nineteenth session's change, the footer after the page's text, once,
  when it was final; before that only their gold rules were checked, on every crawled
  page (wget's crawl as the harness runs it, capture 0; the container found, the share
  of a page's tokens inside the gold, to three decimals). Like the reserve, fresh,
  untouched, unread, sealed, withheld, unopened, untried, unvisited and unexplored sites
  they are left out of the default run unless ``--sites`` names them (the benches other
  than the judge refused them until the unmapped sites below took their place), and they
  are spent as judges since. (Looked at and left out: Flask's, python-flask-doc, Sphinx
  under the Pallets theme, whose page is Sphinx's basic layout (div.related,
  div.body[role=main], div.sphinxsidebar, div.footer) as the classic and nature themes
  have it, and mpmath's, python-mpmath-doc, the classic theme itself; Black's,
  python-black-doc, Furo again and 32 pages; lxml's, python-lxml-doc, docutils (the
  libvirt site's generator) under lxml's own template beside its API reference in the
  Read the Docs theme (the emscripten site's); GraphicsMagick's website, graphicsmagick,
  docutils again beside the utilities' pages in another layout; Open MPI's, openmpi-doc,
  Javadoc (the jsoup site's generator); Xapian's, xapian-doc, mostly its Doxygen API
  reference (298 of 324 pages); xfig's, xfig-doc, frames whose navigation is fig2dev's
  image maps, without template text; CHICKEN 5.3's manual, chicken-bin, its wiki's pages
  with no template text but the page's own contents box (no navigation, header or
  footer); and too few pages: FFmpeg's manual, ffmpeg-doc, 31 (the rest its Doxygen API
  reference); the Haskell 98 Report, haskell98-report, 33 in the crawl; HTTrack's,
  httrack-doc, 37; Yaws', yaws-doc, 18 (mostly examples); esdl's EDoc pages,
  erlang-esdl-doc, 12; Ngraph's, ngraph-gtk-doc, 14.)

  - docbook-dsssl (Jade with the Modular DocBook HTML stylesheets 1.79, their own
    documentation, docbook-dsssl-doc): 150 of 436, none without; 0.406 / 0.745 / 1.000
    (its template is the navigation header, the document's title over the Prev/Next
    row, and the footer, Prev/Home/Next/Up with the neighbours' titles; the lowest: the
    reference parts' title pages, lib/r28.htm ("I. Library Version"), print/r2090.htm
    ("XIII. OLinks") and lib/r274.htm ("Debug"), a title and a table of contents of one
    or two entries; the stand-alone documents beside the index, such as imagelib.html,
    indexing.html and olinksemantics.html, have no navigation: their text is all
    content).
  - sympy-furo (Sphinx 4.5 under Furo 2022.09.29, SymPy 1.11.1's documentation,
    python-sympy-doc): 150 of 278, none without; 0.009 / 0.530 / 0.971 (every page
    carries the sidebar's tree of the whole site, some 1,000 tokens; the lowest:
    search.html, its "Please activate JavaScript" line, and the section indexes such as
    reference/public/numbertheory/index.html and tutorials/index.html, a title and the
    list of their pages; the highest: modules/core.html and modules/matrices/matrices.html).
  - mlrisc-mltex2html (mltex2html, the MLRISC manual of SML/NJ 110.79, smlnj-doc): 56,
    none without; 0.042 / 0.589 / 0.977 (every page carries the contents cell, the
    manual's sections and pages, some 140 tokens, and the footer's authors, "Generated
    by mltex2html" and date; the lowest are the back ends not yet documented, mips.html,
    ppc.html, C6.html, hppa.html and x86.html, a title and "No documentation yet."; the
    highest is graphs.html).
  - mhonarc-docs (MHonArc 2.6.19's documentation, mhonarc): 150 of 299, none without;
    0.459 / 0.901 / 1.000 (its template is the navigation rows above and below the text,
    the resource pages' [Prev: ...][Resources][TOC][Next: ...] or the other pages' image
    buttons, and the footer's address, the date, "MHonArc" and the copyright; the
    lowest: short resource pages such as resources/tcontend.html, tsublistend.html and
    outdir.html, a syntax table and a line or two under the rows, beside the page's own
    list of its sections; the highest: index.html, the list of the manuals, and the
    example resource files under rcfileexs/, without a template).

- ``unmapped``: four sites added in the nineteenth session, after the uncharted sites
  judged the footer after the page's text, which judged the next change, the table of
  contents (twentieth session), and are spent as judges since: three
  from generators that no site above uses (Arm_Form, the formatter of the Ada Reference
  Manual; the SELinux Reference Policy's sedoctool.py; ClanLib's own reference
  generator, a bar and a footer around each class's or member's page), and one Sphinx
  site in a layout that no Sphinx site above has (the haiku theme's: div.header,
  div.topnav, div.content[role=main], div.bottomnav, div.footer). No method ran on
  them (not URL Tree, DBCE, trafilatura nor the engine's ``article`` model; neither
  bench/template_eval.py's evaluation nor bench/site_container.py) until they judged
  the table of contents once, when it was final: before that only their gold rules
  were checked, on every crawled page (wget's crawl as the harness runs it,
  capture 0; the container found, the share of a page's tokens inside the gold, to
  three decimals). Like the reserve, fresh, untouched, unread, sealed, withheld,
  unopened, untried, unvisited, unexplored and uncharted sites they are left out of the
  default run unless ``--sites`` names them (the benches other than the judge refused
  them until the unsurveyed sites below took their place). (Looked at and left out:
  TeX4ht's TeXworks manual, texworks-help-en, 14 pages with the template (the chapters
  and lists; the other 39 are the title page and 38 pages of one footnote each, without
  it); the live-manual's SiSU pages, live-manual-html, 22 pages a language; mod_perl
  2's, libapache2-mod-perl2-doc, and lp_solve's, lp-solve-doc, pages without a template
  (pod2html's, with only the page's own list of sections; lp_solve's written for a
  frameset); the SGI STL manual, stl-manual, written by hand, its template images but
  for the copyright line; Ren'Py's, renpy-doc, Sphinx under the Bootstrap theme, kept
  for a later set (the unsurveyed sites' renpy-bootstrap below); astropy's,
  python-astropy-doc, statsmodels', python-statsmodels-doc, and pygame's,
  python-pygame-doc, Sphinx's basic layout again (div.related, div.body[role=main],
  div.sphinxsidebar, div.footer) under their own headers; the stock DocBook XSL chunker
  again: dblatex's, dblatex-doc, SCons', scons-doc, GnuCash's, gnucash-docs, and MIA's,
  mia-tools-doc; makeinfo again: flex's, flex-doc; Javadoc again beside a few pages:
  Xalan's, Xerces' and FOP's, libxalan2-java-doc, libxerces2-java-doc and fop-doc; and
  too few pages or no HTML: CLISP's, clisp-doc, 3; camlidl's, camlidl-doc, 8; Python
  Xlib's, python-xlib-doc, 26; cxref's, cxref-doc, 2 beside its examples; PARI's,
  pari-doc, libcurl's, libcurl4-doc, and EusLisp's, euslisp-doc, no HTML.)

  - ada-armform (Arm_Form, the Ada 202x Reference Manual, Draft 25,
    ada-reference-manual-2020; from rm-TOC.html): 150 of 499, none without; 0.091 /
    0.966 / 0.999 (its template is the title line, "Ada Reference Manual (Ada 202x
    Draft 25) - Legal Information", the rows of image buttons above and below the text,
    no text, and the sponsor's line, "Ada 2005 and 2012 Editions sponsored in part by
    Ada-Europe"; the lowest: the chapter pages rm-1.html ("1 General", a title alone),
    rm-3.html and rm-4.html, a title and a sentence; the highest: rm-0-4.html, the index).
  - selinux-sedoctool (the SELinux Reference Policy's sedoctool.py, refpolicy 2.20221101,
    selinux-policy-doc): 150 of 421, none without; 0.065 / 0.482 / 0.999 (every page
    carries div#Menu, the policy's layers, the current layer's modules and the indexes,
    some 540 words in the services layer; the lowest: services_bird.html,
    admin_anaconda.html, services_bitlbee.html, a module's description and one or two
    interfaces; the highest: kernel_corenetwork.html, kernel_files.html, their hundreds
    of interfaces).
  - clanlib-reference (ClanLib 1.0's reference generator, clanlib-doc; from
    Reference/html/classes.html): 150 of 3,061, none without; 0.045 / 0.809 / 0.996 (its
    template is the bar, Home | All Classes | Grouped Classes | Index | Search, and the
    footer, "Questions or comments, write to the ClanLib mailing list."; the lowest:
    search.html, a title alone, then undocumented classes such as CL_GLFunctions.html, a
    title and "Derived from: none"; the highest: index.html, the index of every member).
  - clang-haiku (Sphinx 5.3 under the haiku theme, Clang 15's documentation,
    clang-15-doc): 89, none without; 0.443 / 0.975 / 0.999 (its template is the header,
    "Clang 15 documentation" over the page's title, the navigation above and below the
    text, previous :: Contents :: next, and the footer; the lowest: analyzer/user-docs.html,
    search.html and analyzer/developer-docs.html, a title and a list of pages; the
    highest: genindex.html, the index).

- ``unsurveyed``: four sites added in the twenty-first session, after the unmapped sites
  judged the table of contents, which judged the next change, numbers between paragraphs
  (twenty-first session), and are spent as judges since: two from generators
  that no site above uses (PasDoc, the Castle Game Engine's API reference; Xiph.Org's
  pages written by hand, a header and a footer table around each API page), and, as no
  manual generator new to the sites above was found with enough pages, two Sphinx
  sites in layouts that no Sphinx site above has (the Bootstrap theme's: div#navbar
  with the whole documentation's contents in its "Site" menu, div#sidebar,
  div.body[role=main], footer.footer; agogo's: div.header-wrapper, div.sidebar,
  div.body[role=main], div.footer-wrapper). No method ran on them (not URL Tree,
  DBCE, trafilatura nor the engine's ``article`` model; neither
  bench/template_eval.py's evaluation nor bench/site_container.py) until they judged
  numbers between paragraphs once, when it was final: before that only their gold
  rules were checked, on every crawled page (wget's crawl as the harness runs it,
  capture 0; the container found, the share of a page's tokens inside the gold, to
  three decimals). Like the reserve, fresh, untouched, unread, sealed, withheld,
  unopened, untried, unvisited, unexplored, uncharted and unmapped sites they are left
  out of the default run unless ``--sites`` names them (the benches other than the
  judge refused them until the untrodden sites below took their place).
  Sphinx's permalinks beside the headings (a.headerlink: "link" under Bootstrap, "¶"
  under agogo) are template in their gold, as on the libvirt site. (Looked at and left
  out: htp's reference, htp, made by htp, an HTML preprocessor, around a real template,
  33 pages with it (its tutorial's and examples' 8 without); Prover9's manual,
  prover9-doc, written by hand, 38 pages with its header and "Next Section" line in a
  frameset; Yorick's, yorick-doc, makeinfo (the octave site's generator) under Yorick's
  own site template, as lxml's docutils was left out; ht://Dig's, htdig-doc, a frameset
  whose pages' only template is the copyright and "Last modified" lines; ProFTPD's,
  proftpd-doc, written by hand with only a copyright footer, and Courier's, courier-doc,
  DocBook XSL's manual pages and pages written by hand without a template; Garlic's,
  garlic-doc, and PHYLIP's, phylip-doc, written by hand without a template; XOTcl's
  xodoc pages, xotcl-doc, whose only template is a "Back to index page." link; NTL's
  tour, libntl-dev, its navigation images only; Derby's, derby-doc, only Javadoc and
  demos; AWL's, awl-doc, and dar's, dar-docs, mostly Doxygen; FRR's, frr-doc, Sphinx's
  basic layout again; Rivet's, libapache2-mod-rivet-doc, the stock DocBook XSL chunker
  again; the Ogg documentation, libogg-dev, the vorbis site's template again; and too
  few pages or no HTML: Double Commander's help, doublecmd-help-en, 21; POV-Ray's,
  povray-doc, 21; HPLIP's, hplip-doc, 21; XSane's, xsane-common, 30; TkGate's,
  tkgate-doc, 22; Snack's, tcl-snack-doc, 12; Scheme 48's, scheme48-doc, 12; Why3's,
  why3-doc-html, 17; groff's mom pages, groff, 22; AWStats', awstats, 19; IceWM's,
  icewm-common, 23; yacas-doc, latexml, sisu, hevea, eyes17-manuals-en,
  writer2latex-manual, gle-graphics-manual, muttprint-manual and gutenprint-doc, no
  HTML.)

  - renpy-bootstrap (Sphinx 5.3 under the Bootstrap theme, Ren'Py 8.0.3's documentation,
    renpy-doc): 93, none without; 0.005 / 0.765 / 0.979 (every page carries the navbar,
    its "Site" menu the whole documentation's contents, some 210 tokens, the sidebar's
    list of the page's sections and the footer; the lowest: matrix.html, a title alone
    ("Matrix"), file_python.html, a title and two sentences, and search.html, its
    "Please activate JavaScript" line; the highest: license.html, screens.html and
    changelog6.html).
  - castle-pasdoc (PasDoc 0.16, the Castle Game Engine 7.0 alpha 2's API reference,
    castle-game-engine-doc; from reference/index.html): 150 of 1,316, none without;
    0.390 / 0.936 / 0.999 (its template is the navigation column, the project's name,
    the eight indexes and the search box, the page's own list of its sections and the
    "Generated by PasDoc 0.16.0." line, some 35 tokens; the lowest: CastleTestFairy.html,
    CastleFacebook.html and CastleTenjin.html, a unit of one class and a line; the
    highest: AllIdentifiers.html, the index of every identifier, and
    CastleTransform.TCastleTransform.html).
  - vorbis-xiph (Xiph.Org's pages written by hand, libvorbis 1.3.7's documentation,
    libvorbis-dev): 117, none without; 0.487 / 0.874 / 0.991 (its template is the
    header table, "Vorbisfile documentation" and "vorbisfile version 1.3.2 - 20101101"
    (libvorbis' and vorbisenc's alike), and the footer table, the copyright, "Ogg
    Vorbis" and the same two lines, some 20 tokens, or beside the index the logo and
    the copyright; the lowest: vorbisfile/exampleindex.html, a title, a line and three
    links, vorbisenc/reference.html and libvorbis/vorbis_info_clear.html, a short
    list or function; the highest: stereo.html, framing.html and vorbisenc/overview.html).
  - krb5-agogo (Sphinx under the agogo theme, MIT Kerberos 1.20.1's documentation,
    krb5-doc): 150 of 960, none without; 0.027 / 0.388 / 0.990 (every page carries the
    sidebar's contents of the whole documentation down to the current page's
    neighbours, some 100 tokens, the search box and the header's and footer's Contents,
    previous, next, index, Search and feedback links; the lowest: admin/advanced/index.html,
    a title and one link, and the API reference's macro pages such as
    appdev/refs/macros/ADDRTYPE_CHAOS.html (51 of the 150), a name and a value; the
    highest: mitK5license.html, genindex-all.html and genindex-K.html).

- ``untrodden``: three sites added in the twenty-first session, after the unsurveyed
  sites judged numbers between paragraphs, which judged lines in the page's flow
  (twenty-second session) and are spent as judges since: two from
  generators that no site above uses (Hyperlatex, Dr. Geo's manual; makedoc, Allegro 4's
  own formatter of its ``._tx`` sources, not the pandoc of the allegro site), and one
  Sphinx site in a layout that no Sphinx site above has (gevent's own theme: div#header
  with the site's tabs, div#splash's two columns, div.col3big with the document and
  div.col3 with the sidebar, and div#footer; no div.related nor div[role=main]). Its
  headings' "¶" permalinks (a.headerlink) are content, as in the developer Sphinx sites
  (python, sphinx, devref: inside div[role=main], which no rule takes them out of), not
  template as on the unsurveyed Sphinx sites. No method ran on them (not URL Tree,
  DBCE, trafilatura nor the engine's ``article`` model; neither bench/template_eval.py's
  evaluation nor bench/site_container.py) until they judged lines in the page's flow
  once, when it was final: before that only their gold rules were checked, on every
  crawled page (wget's crawl as the harness runs it, capture 0; the container found, the
  share of a page's tokens inside the gold, to three decimals). Like the reserve, fresh,
  untouched, unread, sealed, withheld, unopened, untried, unvisited, unexplored,
  uncharted, unmapped and unsurveyed sites they are left out of the default run unless
  ``--sites`` names them (the benches other than the judge refused them until the
  unwalked sites below took their place). Three, not four: no
  other generator or Sphinx layout new to the sites above was found with enough pages in
  the time this session had. (Looked at and left out: Typer's, python-typer-doc, MkDocs
  (the mkdocs site's generator) under its Read the Docs theme (the emscripten site's
  layout); GHC's users guide, ghc-doc, Sphinx under the Read the Docs theme again; Open
  vSwitch's, openvswitch-doc, FontForge's, fontforge-doc, Cython's, cython-doc,
  mpi4py's, python-mpi4py-doc, lmfit's, python-lmfit-doc, CherryPy's,
  python-cherrypy3-doc, NiBabel's, python-nibabel-doc, and DIPY's, python-dipy-doc,
  Sphinx under alabaster, classic, Sphinx's own theme or their own headers over the
  basic layout again; PyTables', python-tables-doc, and Scrapy's, python-scrapy-doc, the
  Read the Docs theme again; Festival's, festival-doc, and asymptote's, asymptote-doc,
  makeinfo again; OpenAFS's, openafs-doc, the stock DocBook XSL chunker again; SDL 2's,
  libsdl2-doc, FLAC's, libflac-doc, and Theora's, libtheora-doc, Doxygen, as is HDF5's
  C++ reference, libhdf5-doc; XMLSec's, libxmlsec1-doc, gtk-doc; the Cyrus IMAP pages,
  cyrus-doc, written by hand without a template; and too few pages: Pure Data's manual,
  puredata-doc, 9 (39 HTML files in all, in separate parts); BeanShell's manual,
  bsh-doc, 28 beside its Javadoc; the DebianDoc-SGML manual, debiandoc-sgml-doc, 13;
  sgmlspl's and SGMLSpm's, sgmls-doc, 17 each; Lynx's help, lynx-common, 27; the X.Org
  documents, xorg-docs, 16.)

  - drgeo-hyperlatex (Hyperlatex 2.6, Dr. Geo's user manual of 2004, "Dr. Genius User's
    Manual", drgeo-doc 1.5; the English manual, help/c/, from drgenius.html): 57, none
    without; 0.062 / 0.533 / 0.914 (its template is the navigation table above and below
    the text, the Next, Up and Previous image buttons and the node's title in bold, and
    the address, "Any comments/remarks? ... join the DR. GEO mailing list.", some 30
    tokens; the lowest: the part and section pages drgenius_55.html ("Loading
    Constructions"), drgenius_56.html and drgenius_49.html ("Creating a DGS"), a title
    alone; the highest: drgenius_46.html, using_macro.html and introduction.html).
  - allegro4-makedoc (makedoc, Allegro 4.4.3's manual and the pages beside it,
    allegro4-doc; from index.html): 70, none without; 0.720 / 0.945 / 1.000 (its
    template is the "Back to contents" link closing each of the manual's 49 chapters and
    the list of a chapter's entries opening it, a link to "#..." and a one-line summary
    each, as the FAQ's and the tools' pages open with the list of their sections; the
    lowest: alleg025.html (mixer routines), alleg012.html (truecolor pixel formats) and
    faq.html, whose lists are long beside short entries; the 21 pages beside the
    manual, index.html, readme.html, changes.html, thanks.html, ..., have no template and
    their text is all content).
  - gevent-sphinx (Sphinx under gevent's own theme, gevent 22.10's documentation,
    python-gevent-doc): 144, none without; 0.099 / 0.934 / 0.997 (its template is the
    header's logo and tabs (Blog, Code, Docs, Download, ...), the right column's sidebar
    (the page's contents, or the Next/Previous/Up links), the closing "Next page: ..."
    line and the footer (the version, the copyright, the links and "Page Top"), some 40
    to 60 tokens; the lowest: api/gevent.resolver.ares.html, api/gevent.ares.html and
    api/gevent.builtins.html, a title and a line; the highest are the source pages under
    _modules/ (48 of the 144), such as _modules/subprocess.html).

- ``unwalked``: four sites added in the twenty-second session, after the untrodden sites
  judged the first version of lines in the page's flow, which judged the version kept
  (twenty-second session), from generators that no site above uses: Sandcastle
  (Microsoft's generator of .NET API references, in its vs2005 presentation: div#header,
  div#mainSection with div#mainBody and div#footer), IBM's HTML of its Data Explorer
  manuals (the Programmer's Reference's and Installation Guide's rows of bracketed links
  above and below the text, the OpenDX pages' rows of image buttons), skarnet.org's
  pages written by hand (a paragraph of three links above the text, nothing else) and
  User-mode Linux's website written by hand (a layout table whose left cell holds the
  logo and the menus) beside its HOWTO in LinuxDoc-Tools' HTML (Next, Previous and
  Contents links above and below the text). No method ran on them until that judgement
  (not URL Tree, DBCE, trafilatura nor the engine's ``article`` model; neither
  bench/template_eval.py's evaluation nor bench/site_container.py): only their gold
  rules were checked, on every crawled page (wget's crawl as the harness runs it,
  capture 0; the container found, the share of a page's tokens inside the gold, to three
  decimals). Like the reserve, fresh, untouched, unread, sealed, withheld, unopened,
  untried, unvisited, unexplored, uncharted, unmapped, unsurveyed and untrodden sites
  they are left out of the default run unless ``--sites`` names them (the benches other
  than the judge refused them until the unclimbed sites below took their place); they
  are spent as judges now.
  (Looked at and left out: the SystemTap Beginners Guide, systemtap-doc, Publican's
  layout again (the debian-handbook site's: ul.docnav above and below the text), and its
  tapsets' reference, the stock DocBook XSL chunker again, as are Csound's manual,
  csound-doc, Shorewall's, shorewall-doc, and Privoxy's, privoxy (33 pages); CMUCL's
  manual, cmucl-docs, HeVeA, 20 pages whose navigation is images only, as giac-doc's is;
  Cacti's, cacti, pandoc's default template (the allegro5 site's generator), whose only
  template is a copyright line; Berkeley DB's other parts, db5.3-doc, Javadoc and the
  DocBook XSL chunker again; Ivy's, ivy-doc, Jython's, jython-doc, Velocity's,
  velocity-doc, and Checkstyle's, checkstyle-doc, Javadoc (the jsoup site's generator)
  for the most part; Agda's standard library, agda-stdlib-doc, Agda's highlighted sources
  without a template; cc65's, cc65-doc, LinuxDoc-Tools' single pages without navigation
  (the uml site's HOWTO is LinuxDoc-Tools' HTML split into pages); Xymon's help, xymon,
  man2html's pages beside ten written by hand; and too few pages: NSIS's Halibut manual,
  nsis-doc, 23; DITA-OT's, dita-ot-doc, 25; the C++ Annotations, c++-annotations-html
  (Yodl), 29; JMeter's printable docs, jmeter-help, 39; GtkAda's, libgtkada-doc, 22;
  omniORB's, omniorb-doc, 21; Icecast's, icecast2, 13; elinks-doc, 4; grace, 7;
  splint-doc-html, 7; freefem-doc, 8; and no HTML: naturaldocs, nagios4-common,
  icinga2-doc, libjs-openlayers, emboss-doc, abinit-doc.)

  - dbnet-sandcastle (Sandcastle's vs2005 presentation, Berkeley DB 5.3's .NET API
    reference, db5.3-doc; from csharp/html/N_BerkeleyDB.htm, the namespace's page):
    150 of 2,300, none without; 0.485 / 0.597 / 0.975 (its template is the header, the
    hidden labels of the language filter ("Collapse All", "Code: All", ...), "Berkeley DB
    .NET API Documentation", the page's title, "Members", "See Also" and "Send Feedback",
    and the footer's feedback line and copyright, some 45 tokens; the lowest are the
    class pages, 132 of the 150, such as T_BerkeleyDB_EnvironmentFeedbackEvent.htm,
    T_BerkeleyDB_BTreeStats.htm and T_BerkeleyDB_BackupOptions.htm, a line, the
    syntax in three languages and the inheritance; the highest is N_BerkeleyDB.htm, the
    namespace's list of its types).
  - dx-ibmdoc (IBM's HTML of the Data Explorer 4.4 manuals, dx-doc; from usrguide.htm,
    the User's Guide's contents): 150 of 689, none without; 0.642 / 0.990 / 1.000 (the
    Programmer's Reference's pages carry the guide's title and the rows of bracketed
    links, some 60 tokens, the OpenDX pages the one bracketed line of links under their
    image buttons; the lowest: pages/progu003.htm (the notices), progu002.htm and
    progu079.htm, a short section between the rows; the README pages and the search
    help, srchhelp.htm and srchnav.htm, have no template: their text is all content).
  - s6-skarnet (skarnet.org's pages written by hand, s6 2.11's documentation, s6-doc):
    89 (index.html and libs6/index.html twice each, as themselves and as their
    directory), none without; 0.929 / 0.992 / 0.999 (its template is the paragraph of
    links above the text, "s6", "Software", "skarnet.org", and "libs6" above them on the
    library's pages; the lowest: s6-svok.html, s6-ftrig-notify.html and
    s6-cleanfifodir.html, a short program's interface and a line or two; the highest:
    s6-log.html, overview.html and s6-svscan-1.html).
  - uml-site (User-mode Linux's website as of 2006, written by hand, and its HOWTO in
    LinuxDoc-Tools 0.9.21's HTML, user-mode-linux-doc): 70, none without; 0.292 / 0.858
    / 0.999 (the website's pages carry the left cell's menus, some 80 links and 150
    tokens, and the "Hosted at" line; the HOWTO's 16 pages the Next, Previous and
    Contents links alone; the lowest: x.html and net.html, a screenshot's caption of a
    few lines, and contacts.html, a short list of addresses; the highest: the HOWTO's
    long chapters, UserModeLinux-HOWTO-6.html and -12.html, and diary.html).

- ``unclimbed``: four sites added in the twenty-second session, after the unwalked sites
  judged the version of lines in the page's flow kept, held back to judge the next change
  (they judged lines before nested text, twenty-third session), in layouts that no site
  above has; two of them write their text straight into the body, with no element
  around it: the A+ Reference
  Manual's HTML (a frameset of a contents frame, an index frame and the chapters; the
  chapters' text in the body, closed by an address line) and Sendmail's milter API
  written by hand (the text in the body, closed by the small print of the copyright);
  Munipack's pages written by hand in HTML5 (a header element with the logo, the title
  and two buttons, a footer element with the copyright; the text between them in a
  section element, or a div.content on three pages) and FunnelWeb's three manuals
  written by hand (a layout table whose left cell holds the logos and the manuals' menu,
  the right cell the title's image, the text, the Prev, Up and Next images and the small
  print). No method ran on them until that judgement (not URL Tree, DBCE, trafilatura
  nor the engine's ``article`` model; neither bench/template_eval.py's evaluation nor
  bench/site_container.py): only their gold rules were checked, on every crawled page
  (wget's crawl as the harness runs it, capture 0; the container found, the share of a
  page's tokens inside the gold, to three decimals). Like the reserve, fresh, untouched,
  unread, sealed, withheld, unopened, untried, unvisited, unexplored, uncharted,
  unmapped, unsurveyed, untrodden and unwalked sites they are left out of the default
  run unless ``--sites`` names them (the benches other than the judge refused them until
  the unforded sites below took their place); they are spent as judges now.
  (Looked at and left out: the Guia Foca GNU/Linux,
  focalinux-html, DebianDoc-SGML's pages with the text straight in the body, but three
  guides that do not link each other, of 17, 22 and 33 pages; UDO's manual, udo-doc-en,
  the text straight in the body but a navigation of images only, without template text;
  GAMGI's, gamgi-doc, a start page served as SSI (index.shtml) and pages of several
  div.board titles and div.contents each; RT 4.4's, rt4-doc-html, POD's HTML
  fragments without html or body, whose only template is a "Back to index" link beside
  the page's own list of sections; Corosync's manual pages, corosync-doc, groff's HTML
  without a template, beside Doxygen; Z88's, z88-doc, Word's HTML without a template;
  Euler's, euler-doc, 44 pages in a layout table as the funnelweb site's; SAOImage DS9's,
  saods9-doc, pages without a template; Asciidoctor's, asciidoctor-doc, RDoc (the tioga
  site's generator); Pacemaker's, pacemaker-doc, Sphinx and Doxygen; and too few pages:
  runit's, runit, 11; GXemul's, gxemul-doc, 30; Xgridfit's, xgridfit-doc, 29; TCM's, tcm-doc,
  23; Tachyon's, tachyon-doc, 23; HAProxy's, haproxy-doc, 5; htmldoc-common, 2; and no
  HTML: libpcre2-dev, libfreetype-dev, sdcc-doc, tk8.6-doc, afnix-doc, glpk-doc.)

  - aplus-reference (the A+ Reference Manual's HTML, aplus-fsf-doc; from index.html, the
    frameset): 147 of 167, none without; 0.537 / 0.977 / 1.000 (the chapters' template
    is the address line, the manual's address and the copyright, some 15 tokens; the
    contents frame's is its box "Elsewhere on the A+ website:", the index frame's the
    "APLUSDEV" link; the lowest: keyboard.html, the keyboard's page, a few lines above
    the same small print, and APlusRefV2_68.html and MapFigValueArea.html, a short index
    section and a figure's caption; 12 pages have no template text, as the footnotes'
    pages (APlusRefV2_FootNote_950.html and eight more), ARstart.html, FontAPLonPC.html
    and ColorSamples.html).
  - milter-api (Sendmail 8.17's milter API written by hand, sendmail-doc; from
    libmilter/html/index.html): 44, none without; 0.606 / 0.856 / 0.981 (its template
    is the copyright and the licence's line closing every page, some 25 tokens; the
    lowest: xxfi_eoh.html, smfi_getpriv.html and xxfi_eom.html, a callback's or a
    function's short table; the highest: sample.html, api.html and overview.html).
  - munipack-site (Munipack 0.6.1's pages written by hand in HTML5, munipack-doc; from
    munipack.html): 70 of 82, none without; 0.825 / 0.967 / 0.994 (its template is the
    header, "Munipack", "An astronomical image processing software", "Guide" and
    "Documents", and the footer's copyright, some 20 tokens; the lowest: munipack.html,
    man_sesame.html and guide.html; the highest: changes.html, man_astrometry.html and
    man_fits.html).
  - funnelweb-manuals (FunnelWeb 3.2's Reference, Tutorial and Developer manuals written
    by hand, funnelweb-doc; from index.html, the documentation's page linking the three):
    150 of 188, none without; 0.294 / 0.874 / 1.000 (its template is the left cell, the
    three manuals' names, the open manual's chapters and "SEARCH", and the small print,
    "Webmaster" and the copyright, some 35 tokens; the lowest are the chapters' pages
    listing their sections, such as reference/intro.html, reference/interface.html and
    reference/shell_linelen.html; the highest: tutorial/hints_dangers.html,
    tutorial/intro_what.html, and index.html, the documentation's page without the
    layout table, whose body is the gold).

- ``unforded``: four sites added in the twenty-third session, after the unclimbed sites
  judged lines before nested text (the unforded sites judged short blocks in a navigation
  landmark, twenty-fourth session), from generators and layouts that no site above has; three of
  them write their text straight into the body, with no element around it: AfterStep's
  documentation from its own ASDocGen (a line of links, Preface, Introduction, Topic
  index and Glossary, above and below the text, the version's small print below it, and
  on the reference's pages a run of links to the related topics after the title, all
  straight in the body), CTSim's User Manual from Tex2RTF (a centred line of links,
  Contents, Up, << and >>, above the text) and the Surface Evolver's documentation
  written by hand (the heading "Surface Evolver Documentation" and the links back to the
  top and to the index above and below the text); and SDF's documentation in its own
  HTML (div.header and div.footer with the navigation's links around div.main, or around
  div.title and the contents on a document's first page, so that the text is split over
  two elements there). No method ran on them until that judgement (not URL Tree, DBCE,
  trafilatura nor the engine's ``article`` model; neither bench/template_eval.py's
  evaluation nor bench/site_container.py): only their gold rules were checked, on every
  crawled page (wget's crawl as the harness runs it, capture 0; the container found, the
  share of a page's tokens inside the gold, to three decimals). Like the reserve, fresh,
  untouched, unread, sealed, withheld, unopened, untried, unvisited, unexplored,
  uncharted, unmapped, unsurveyed, untrodden, unwalked and unclimbed sites they are left
  out of the default run unless ``--sites`` names them (the benches other than the judge
  refused them until the unsailed sites below took their place); they are spent as
  judges now. (Looked at and left out: PicoLisp's, picolisp, the text straight in the
  body but no template beyond an address line on some pages, 38 pages; SWIG's manual,
  swig4.0-doc, the text straight in the body without a template; BWidget's, bwidget, a
  frameset (the aplus site's) of pages without a template; RRDtool's, rrdtool, POD's
  HTML without a template; MCL's, mcl-doc, zoem's HTML whose only template is a line of
  the date and the version, 36 pages; EB's, eb-doc, in Japanese, whose words are not
  separated by spaces; Tablix's, tablix2-doc, Doxygen; and too few pages: LAME's,
  lame-doc, 14; ploticus's, ploticus, its examples' pages only.)

  - afterstep-asdocgen (AfterStep 2.2.12's documentation from ASDocGen, afterstep-data;
    from index.html, the topic index): 79 of 81, none without; 0.273 / 0.955 / 0.996
    (its template is the two lines of links and the version's line, some 15 tokens, and
    on the reference's pages the related topics' links; the lowest: BalloonContents.html,
    WharfFolders.html and SoundEvents.html, a title and "CONFIGURATION OPTIONS :" between
    the template's lines; the highest: asimagexml.html, Functions.html and
    ASDatabaseEntry.html).
  - ctsim-tex2rtf (CTSim 3.5's User Manual from Tex2RTF, ctsim-doc; from index.html, the
    contents): 132, none without; 0.500 / 0.935 / 1.000 (its template is the line of
    links, 4 tokens; the lowest: ctsim127.html, ctsim104.html and ctsim26.html, a
    section's page listing its subsections; the highest: index.html and
    ctsim_contents.html, the same contents page without the line of links, and
    ctsim16.html).
  - evolver-manual (the Surface Evolver 2.70's documentation written by hand,
    evolver-doc; from evolver.htm, the documentation's top): 54 of 57, none without;
    0.936 / 0.985 / 0.999 (its template is the heading and the links back to the top and
    to the index, some 15 tokens, and the tutorial's "Next" links; the lowest:
    profiling.htm, twointor.htm and evolver.htm; the highest: commands.htm, quants.htm
    and elements.htm, the long reference pages).
  - sdf-docs (SDF 2.001's documentation in its own HTML, sdf-doc; from index.html, the
    home page): 150 of 218, none without; 0.212 / 0.889 / 1.000 (its template is the
    header's and the footer's links, Contents, Parent Topic, Previous Topic, Next Topic,
    Home and Catalog, some 25 tokens; the lowest: user/in_parag.html and user/in_fg.html,
    a chapter's page listing its sections, and release/2000b4b.html, a release's note of
    one line; the highest: index.html, the home page, whose header is empty,
    quickref/qr_sdf.html and paper/sdfintro.html).

- ``unsailed``: four sites added in the twenty-fourth session, after the unforded sites
  judged short blocks in a navigation landmark (the unsailed sites judged headings with
  their text, twenty-fifth session), in layouts that no site above has (XOM's javadoc
  the nearest to one, the jsoup site's): the Synthesis ToolKit's reference from Doxygen
  under STK's own header and footer (three logos and a line of links, Home ... Tutorial,
  above Doxygen's breadcrumb, title and text; the toolkit's name and the copyright
  below), XOM's API from the javadoc of JDK 17 (header, main and footer, as in JDK 11's
  javadoc of the jsoup site, but in JDK 17's flex-box layout, with its sub-navigation's
  jumps to the page's summaries and details), the FOX Toolkit's website written by hand
  (a frameset of the logo's, the menu's and the page's frames; each page's text straight
  in the body, under a table of the logo, the title and a "[Remove Frame]" link and
  above a table of the copyright) and Hugin's help, pages of the PanoTools wiki saved
  from MediaWiki 1.31 (div#content: the title, the wiki's "From PanoTools.org Wiki"
  line, the article with its table of contents, and the "Retrieved from ..." line). No
  method ran on them until that judgement (not URL Tree, DBCE, trafilatura nor the
  engine's ``article`` model; neither bench/template_eval.py's evaluation nor
  bench/site_container.py): only their gold rules were checked, on every crawled page
  (wget's crawl as the harness runs it, capture 0; the container found, the share of a
  page's tokens inside the gold, to three decimals). Like the reserve, fresh, untouched,
  unread, sealed, withheld, unopened, untried, unvisited, unexplored, uncharted,
  unmapped, unsurveyed, untrodden, unwalked, unclimbed and unforded sites they are left
  out of the default run unless ``--sites`` names them (the benches other than the judge
  refused them until the uncrossed sites below took their place); they are spent as
  judges now. (Looked at and left out: XForms' manual, libforms-doc, texi2html again
  (the lilypond site's generator, without LilyPond's init); Mailfromd's, mailfromd-doc,
  ne's, ne-doc, FWEB's, fweb-doc, GNUstep's guides, gnustep-make-doc, and Proof
  General's, proofgeneral-doc, makeinfo again (the octave site's); the Network UPS
  Tools' manuals, nut-doc, and YAZ's, yaz-doc, the stock DocBook XSL chunker's layout
  again (the debian-reference and wireshark sites'); CGIcc's, libcgicc-doc, Doxygen's
  default layout again (the log4cplus site's); Renaissance's, renaissance-doc,
  LaTeX2HTML again; Xerces-C++'s, libxerces-c-doc, whose navigation and headings are
  images only; SLUDGE's, sludge-doc, pages without a template beyond a copyright line;
  netwox's, netwox-doc, and Xen's, xen-doc, pages without a template; OMake's,
  omake-doc, HeVeA's pages with a line of links above and below the text, but 28 pages;
  and too few pages: Vala's reference, vala-0.56-doc, 19; Sylpheed's English manual,
  sylpheed-doc, 23; DPUser's, dpuser-doc, 22; Maria's, maria-doc, 15; AUnit's,
  libaunit-doc, 13; Eqonomize's, eqonomize-doc, 12; Alpine's technical notes,
  alpine-doc, 9; Snd's, snd-doc, 9; Tokyo Cabinet's, tokyocabinet-doc, 4; Ecasound's,
  ecasound-doc, 3; and no HTML pages, or one, in gambc-doc, pmw-doc, lisaac-doc,
  libtk-img-doc, tkrzw-doc, coco-doc, malaga-doc, apcupsd-doc, denemo-doc, tellico-doc
  nor kdiff3-doc.)

  - stk-doxygen (Doxygen 1.9.1 under the Synthesis ToolKit 4.6's own header and footer,
    stk-doc; from index.html, the toolkit's home page): 150 of 413, none without;
    0.708 / 0.956 / 0.990 (its template is the header's line of links and the footer's
    two lines, some 30 tokens, and on the class pages Doxygen's breadcrumb and summary
    jumps; the lowest: structRtAudio_1_1StreamParameters.html, maillist.html and
    classstk_1_1StkError.html, a short struct, the mail list's page and a small class;
    the highest: Stk_8h_source.html, skini.html and download.html).
  - xom-javadoc (javadoc of JDK 17, XOM 1.3.8's API, libxom-java-doc; from index.html,
    the overview): 148 of 149, none without; 0.258 / 0.871 / 0.990 (its template is the
    header's navigation bars, some 20 to 35 tokens, and the footer's copyright; the
    lowest: the class-use and package-use pages of an unused class or package, such as
    nu/xom/class-use/CycleException.html, "No usage of ..." under the bars; the highest:
    nu/xom/Serializer.html, nu/xom/Element.html and index-files/index-7.html).
  - fox-site (the FOX Toolkit 1.6's website written by hand, libfox-1.6-doc; from
    fox.html, the frameset): 41 of 45, none without; 0.000 / 0.995 / 0.999 (its template
    is the "[Remove Frame]" link and the copyright line, some 8 tokens, and the menu
    frame; the lowest: menu.html, the menu frame, all of it template, pathfinder.html,
    0.100, a title and "Under Construction..." beside the older layout's column of the
    site's links, and gpgkey.html; the highest: news1.html, faq.html and news3.html; the
    frameset, fox.html, and the logo's frame, top.html, hold no text).
  - hugin-mediawiki (MediaWiki 1.31's pages of the PanoTools wiki, saved for Hugin
    2022.0's help, hugin-data; from Hugin.html, the help's first page): 150 of 168, none
    without; 0.704 / 0.958 / 0.995 (its template is the "From PanoTools.org Wiki" and
    "Retrieved from ..." lines, some 7 tokens, and on a third of the pages the page's own
    table of contents; the lowest: the glossary's entries of a sentence or two, Pfstmo.html,
    Spherical.html and Perspective_distortion.html; the highest:
    Hugin_Stitcher_tab.html, Hugin_Preview_window.html and Pto_var.html).

- ``uncrossed``: four sites added in the twenty-fifth session, after the unsailed sites
  judged headings with their text (the uncrossed sites judged the page's title alone,
  twenty-sixth session), from generators and layouts that no site above has; three of
  them write their text straight into the body, with no element around it: Analog's
  documentation written by hand (a bracketed line of links, Top, Up, Prev, Next, Map and
  Index, above the title and again below the text, after a line to the Analog CE home
  page and the author's address), TOPCAT's manual, Starlink User Note 253, made from
  Starlink's own XML by its XSLT (two blocks of navigation, above the text and below it,
  each after a rule: the links Next, Previous, Up and Contents, then the lines "Next:",
  "Up:" and "Previous:" with the neighbours' titles as links; and below them the
  document's colophon in italics) and Magic's command reference written by hand (a title
  of two images, no text, above the text; a link back to the command index and a "Last
  updated" line below it); and SFML's reference from Doxygen 1.9.1 between SFML's own
  banner (the library's name and version) and footer (the licence, the copyright and the
  generator's name), where the stk site's Doxygen has a header of three logos and a line
  of links. No method ran on them until that judgement (not URL Tree, DBCE, trafilatura
  nor the engine's ``article`` model; neither bench/template_eval.py's evaluation nor
  bench/site_container.py): only their gold rules were checked, on every crawled page
  (wget's crawl as the harness runs it, capture 0; the container found, the share of a
  page's tokens inside the gold, to three decimals). Like the reserve, fresh, untouched,
  unread, sealed, withheld, unopened, untried, unvisited, unexplored, uncharted,
  unmapped, unsurveyed, untrodden, unwalked, unclimbed, unforded and unsailed sites they
  are left out of the default run unless ``--sites`` names them (the benches other than
  the judge refused them until the unflown sites below took their place); they are spent
  as judges now. (Looked at and left out: the CImg Library's reference, cimg-doc,
  Doxygen 1.9.4 inside CImg's website's template, whose pages reach each other through
  Doxygen's menu script and the website's ../reference/ paths, so that wget finds 12
  pages from its index (23 from the class list); crmsh's website, crmsh-doc, AsciiDoc
  under crmsh's own header, menu and footer, 34 pages; CQRLOG's help, cqrlog-data, pages
  written by hand in a frameset, 32 pages; exmh's help, exmh, 36 pages whose only
  template is a line of two links; gEDA's wiki pages in lepton-eda, DokuWiki's export
  without its template; pcb-rnd's, pcb-rnd-doc, whose manual's pages have no template
  beyond the manual's name (the website's few pages have a navigation table); GrADS's,
  grads, pages without a template; Celery's, python-celery-doc, Sphinx's classic layout
  again; Bochs', bochs-doc, the Modular DocBook HTML stylesheets 1.79 again (the
  docbook-dsssl site's); the Cockpit Guide, cockpit-doc, igraph's reference,
  libigraph-doc, Auto Multiple Choice's, auto-multiple-choice-doc, aptitude's,
  aptitude-doc-en, the Debian FAQ, debian-faq, and the Installation Guide,
  installation-guide-amd64, DocBook XSL's chunker again; the Securing Debian Manual,
  harden-doc, Publican again (the debian-handbook site's); GM Assistant's,
  gm-assistant-doc, LaTeX2HTML again; logback's manual, liblogback-java-doc, whose
  template is written by scripts; Ipe's, ipe, Doxygen 1.9.4 again; and too few pages:
  Mednafen's, mednafen, 25; TuxGuitar's, tuxguitar, 19; GNU Go's, gnugo, 32;
  white_dune's, whitedune-docs, 31; PyThran's, python-pythran-doc, 14; ANTLR 2's,
  antlr-doc, 14; TkDesk's, tkdesk, 12; and no HTML pages, or one to six, in
  engauge-digitizer-doc, jskeus-doc, kildclient-doc, nauty-doc, 4ti2-doc, mgen-doc,
  org-roam-doc, fceux, hatari, stella, ngspice-doc, polyml, clips-doc, acl2-doc,
  crossfire-doc, enigma-doc, stilts-doc, fai-doc nor drbd-doc.)

  - analog-docs (Analog CE 6.0's documentation written by hand, analog; from Readme.html,
    the introduction): 43 of 43, none without; 0.867 / 0.979 / 0.998 (its template is
    the two lines of links, the home page's link and the address, some 20 tokens; the
    brackets, the bars, the line's words that lead nowhere on a page and "Go to the" are
    plain text straight in the body and count with the text; the lowest: helpers.html,
    meaning.html and custom.html, short pages that lead to the sections below them; the
    highest: output.html, faq.html and indx.html).
  - topcat-sun (TOPCAT 4.8.7's manual, Starlink User Note 253, from Starlink's XML by
    its own XSLT, topcat-doc; from index.html, the title page and the contents): 150 of
    328, none without; 0.043 / 0.848 / 0.980 (its template is the two blocks of
    navigation, some 10 to 30 tokens each, and the colophon, some 20; the lowest: the
    input and output formats' pages that hold a numbered title only, their text on the
    page above, such as inPds4.html and inEcsv.html (on some of them Next and Previous
    are plain text, not links, and count with the text); the highest: index.html,
    jvmProperties.html and ColumnInfoWindow.html).
  - magic-commands (Magic's command reference written by hand, for Magic 7.3 and 7.4,
    magic 8.3; from commands.html, the index of the commands): 150 of 182, none without;
    0.784 / 0.936 / 0.993 (its template is the link back to the index and the "Last
    updated" line, some 8 to 11 tokens, the title being images; the lowest: delete.html,
    version.html and edit.html, commands of a line or two; the highest: commands.html,
    gds.html and calma.html).
  - sfml-doxygen (Doxygen 1.9.1 between SFML 2.5.1's own banner and footer,
    libsfml-doc; from index.html, the main page): 150 of 411, none without; 0.283 /
    0.919 / 0.978 (its template is the banner, Doxygen's tabs and the footer, some 35
    tokens, and on the class pages the breadcrumb, the summary's jumps and the "More..."
    links; the lowest: pages.html and globals.html, a line of links each, and
    structsf_1_1Font_1_1Info.html, a struct of one field; the highest:
    classsf_1_1RenderWindow.html, Event_8hpp_source.html and classsf_1_1Texture.html).

- ``unflown``: four sites added in the twenty-sixth session, after the uncrossed sites
  judged the page's title alone, held back to judge the next change (the unflown sites
  judged DBCE's short blocks, twenty-sixth session), from generators and
  layouts that no site above has: FreeType's API reference, written by FreeType's
  docwriter from the headers' comments as Markdown and made by MkDocs under the Material
  theme (a header of the logo, the reference's and the page's titles and a search box; a
  sidebar of the whole reference's menu and another of the page's own table of contents;
  a footer of the previous and next pages' links, the copyright and "Made with Material
  for MkDocs"; and inside the article a breadcrumb above the title), where the mkdocs
  site has MkDocs' own theme; JTidy's API from the javadoc of JDK 8 (the classic layout:
  the navigation bars, div.topNav and div.subNav above the title and the text and
  div.bottomNav below them, and the copyright line, all straight in the body, in a
  frameset that every page's "Frames" link opens again), where JDK 11's javadoc (the
  jsoup site's) and JDK 17's (the xom site's) have header, main and footer elements;
  libgig's reference from Doxygen 1.9.1 with its tree view (div#side-nav, which a script
  fills, beside div#doc-content, and the breadcrumb moved into the footer), a layout no
  Doxygen site above has; and Octavia's documentation from Sphinx under
  openstackdocstheme (OpenStack's navbar; a sidebar of the releases' and languages'
  menus and the project's contents; above the text a row of the page's title again and
  the previous and next arrows, and an "updated:" byline; below it the byline again, the
  licence's row and OpenStack's footer of links). No method ran on them until that
  judgement (not URL Tree, DBCE, trafilatura nor the engine's ``article`` model; neither
  bench/template_eval.py's evaluation nor bench/site_container.py): only their gold
  rules were checked, on every crawled page (wget's crawl as the harness runs it,
  capture 0; the container found, the share of a page's tokens inside the gold, to three
  decimals). Like the reserve, fresh, untouched, unread, sealed, withheld, unopened,
  untried, unvisited, unexplored, uncharted, unmapped, unsurveyed, untrodden, unwalked,
  unclimbed, unforded, unsailed and uncrossed sites they are left out of the default run
  unless ``--sites`` names them (the benches other than the judge refused them until the
  unridden sites below took their place); they are spent as judges now. (Looked at and
  left out:
  Gammu's manual, gammu-doc, Sphinx under alabaster again; cdist's, cdist-doc, the Read
  the Docs theme again (the emscripten site's); libraw1394's, libraw1394-doc, the
  Modular DocBook HTML stylesheets 1.79 again (the docbook-dsssl site's); MPlayer's,
  mplayer-doc, PLplot's, plplot-doc, and the Qualcomm Atheros powerline tools',
  plc-utils-doc, DocBook XSL's chunker again; Docutils' own, docutils-doc, docutils
  again (the libvirt site's generator); libxml++'s, libxml++2.6-doc, cereal's,
  libcereal-doc, Raptor's, seqan-raptor-doc, SISCone's, siscone-doc-html, Exiv2's,
  libexiv2-doc, Lucene++'s, liblucene++-doc, GRASS's programming manual, grass-dev-doc,
  and xenium's, libxenium-doc, Doxygen's default layout again (the log4cplus site's);
  libcoap's, libcoap3-doc, and Apophenia's, apophenia-doc, Doxygen's tree view again
  beside the libgig site; fwupd's, fwupd-doc, gi-docgen again (the pango site's);
  Gwyddion's, libgwyddion20-doc, and LibG3D's, libg3d-doc, gtk-doc again; JGraphX's,
  libjgraphx-java-doc, HtmlCleaner's, libhtmlcleaner-java-doc, and NekoHTML's,
  libnekohtml-java-doc, the javadoc of JDK 17 again (the xom site's), and
  Writer2LaTeX's, libwriter2latex-java-doc, JDK 11's (the jsoup site's); SimplyHTML's,
  simplyhtml-doc, the javadoc of JDK 8 again beside the jtidy site, 50 pages;
  Placement's, placement-doc, openstackdocstheme again beside the octavia site, 44
  pages; and too few pages: H2O's, h2o-doc, 30; CopyQ's, copyq-doc, 33; YARA's,
  yara-doc, 20; the Ubuntu Packaging Guide, ubuntu-packaging-guide-html, 18; FTE's,
  fte-docs, 15; rmlint's, rmlint-doc, 13; mutt's manual, mutt, 12; VCR.py's,
  python-vcr-doc, 11; and no HTML pages, or one to eight, in libfmt-doc,
  python-pytest-mock-doc, nordugrid-arc-nagios-plugins-doc, namazu2-common,
  lifelines-doc, javacc-doc, kannel-docs, indent-doc, mcpp-doc, libscscp-doc,
  surf-alggeo-doc, music-doc, mrbayes-doc, fasta3-doc, postgis-doc, mgetty-docs,
  linuxcnc-doc-en, netpbm, c++-annotations, ddd-doc, opencubicplayer-doc, nvi-doc,
  owfs-doc, nas-doc, mrtrix3-doc nor libcpprest-doc.)

  - freetype-mkdocs-material (FreeType 2.12.1's API reference, written by docwriter and
    made by MkDocs under the Material theme, freetype2-doc; from index.html, the
    reference's table of contents): 56 of 56, none without; 0.130 / 0.724 / 0.973 (its
    template is the header, the two sidebars and the footer, some 210 to 470 tokens, the
    whole reference's menu the most of it, and inside the article the breadcrumb and the
    permalinks; the lowest: ft2-header_inclusion.html, ft2-user_allocation.html and
    ft2-pcf_driver.html, sections of a paragraph or two; the highest:
    ft2-base_interface.html, ft2-truetype_tables.html and ft2-layer_management.html).
  - jtidy-javadoc (the javadoc of JDK 8, JTidy 8.0-SNAPSHOT's API, libjtidy-java-doc;
    from overview-summary.html, the overview of its two packages): 150 of 459 (the
    frameset counted at every address its "Frames" links give it), 21 without (the
    frameset, index.html?page, 19 times, whose only text is its "Frame Alert", and the
    two lists of all classes, allclasses-frame.html and allclasses-noframe.html, links
    only); 0.138 / 0.632 / 0.997 (its template is the two navigation bars and the
    copyright line, some 50 to 80 tokens; the lowest: the "Uses of" pages of a class no
    other uses, such as class-use/AttrCheckImpl.CheckAlign.html, and
    ant/package-use.html; the highest: index-all.html, Tidy.html and Report.html).
  - libgig-doxygen (Doxygen 1.9.1 with its tree view, libgig 4.3.0's reference,
    libgig-doc; from index.html, the main page): 146 of 146 (wget finds 146 of the
    package's 228 pages: the indexes, the class and file lists and the members' lists,
    are linked only from the menu, which a script writes), none without; 0.333 / 0.951 /
    1.000 (its template is the title area, the breadcrumb in the footer and the
    generator's line, some 5 to 10 tokens, as the menu and the tree are written by
    scripts, and on the class pages the summary's jumps and the "More..." links; the
    lowest: a directory's page of 9 tokens, dir_68267d1309a1af8e8297ef4c3efbcdba.html,
    and structDLS_1_1version__t.html and classRIFF_1_1Exception.html, a struct and a
    class of a few members; the highest: gig_8cpp_source.html, DLS_8cpp_source.html and
    gig_8h_source.html).
  - octavia-openstackdocs (Sphinx under openstackdocstheme, Octavia's documentation,
    octavia-doc; from index.html, the documentation's contents): 150 of 372, none
    without; 0.044 / 0.692 / 0.987 (its template is the navbar, the sidebar, the title's
    row, the bylines, the licence's row and the footer, some 150 to 250 tokens, and
    inside the text the permalinks and the API pages' "[source]" links; the lowest:
    configuration/index.html, install/index.html and reference/index.html, a title over
    a short list of pages; the highest: genindex.html, contributor/guides/providers.html
    and contributor/specs/version1.1/enable-provider-driver.html).

- ``unridden``: four sites added in the twenty-sixth session, after the unflown sites
  judged DBCE's short blocks, held back to judge the next change (the unridden sites
  judged the jumps, twenty-seventh session). Their generators are
  all present above in some version, as the candidates this session had time for were
  (the Debian documentation packages with a new generator and forty pages or more are
  running out): Qbs' manual from qdoc in Qt 5's offline style, as the qtcharts site's,
  but with the previous and next pages' links (p.naviNextPrevious, "◦" between them)
  above the title and below the text inside div.mainContent; HTML Parser's API from the
  javadoc of JDK 10 (the classic layout of the jtidy site's JDK 8, under a fixed
  navigation, div.fixedNav, with a search box; the frameset and its "Frames" links
  again); Breathe's documentation from Sphinx under the haiku theme, as the clang site's,
  whose pages show Breathe's rendering of Doxygen's XML (a top and a bottom line of
  links, "« Previous :: Contents :: Next »", whose "«", "::" and "»" are in
  div.topnav and div.bottomnav with the links, outside the container, and so count as
  template); and Sphinx-Gallery's documentation from Sphinx under the Read the Docs
  theme, as the emscripten site's, with the example gallery Sphinx-Gallery makes of
  itself (inside the text, above every example a note "Click here to download the full
  example code", below it the download buttons and the line "Gallery generated by
  Sphinx-Gallery"). No method ran on them until that judgement (not URL Tree, DBCE,
  trafilatura nor the engine's ``article`` model; neither bench/template_eval.py's
  evaluation nor bench/site_container.py): only their gold rules were checked, on every
  crawled page (wget's crawl as the harness runs it, capture 0; the container found, the
  share of a page's tokens inside the gold, to three decimals). Like the reserve, fresh,
  untouched, unread, sealed, withheld, unopened, untried, unvisited, unexplored,
  uncharted, unmapped, unsurveyed, untrodden, unwalked, unclimbed, unforded, unsailed,
  uncrossed and unflown sites they are left out of the default run unless ``--sites``
  names them (the benches other than the judge refused them until the unswum sites below
  took their place); they are spent as judges now. (Looked at and left out: GNU
  diffutils' manual,
  diffutils-doc, makeinfo 6.8 again (the octave site's), 23 pages; Needle's reference,
  seqan-needle-doc, Doxygen 1.9.4's default layout again, 29 pages from its file list
  (one from its main page, whose menu a script writes); the Doxygen manual, doxygen-doc,
  Doxygen's tree view again (the libgig site's); libsigc++'s, libsigc++-3.0-doc,
  Doxygen and DocBook XSL's chunker again; and too few pages: Streamlink's,
  python3-streamlink-doc, 26; Beautiful Soup's, python-bs4-doc, 13; Bleach's,
  python-bleach-doc, 13; unburden-home-dir's, unburden-home-dir-doc, 16;
  mpl-sphinx-theme's, python-mpl-sphinx-theme-doc, 4; PyTidyLib's, pytidylib-doc, 3.)

  - qbs-qdoc (qdoc, Qbs 1.24.1's manual, qbs-doc-html; from index.html, the manual's
    contents): 150 of 253, none without; 0.103 / 0.797 / 0.989 (its template is the
    header, the footer's licence and trademarks, the page's contents and the previous
    and next pages' links; the lowest: setup.html, cli-version.html and usage.html, a
    title over a short list of pages; the highest: attributions.html,
    qml-qbsmodules-cpp.html and qml-qbsmodules-qbs.html).
  - htmlparser-javadoc (the javadoc of JDK 10, HTML Parser 1.6's API,
    libhtmlparser-java-doc; from overview-summary.html, the overview of its packages):
    150 of 739 (the frameset counted at every address its "Frames" links give it), 3
    without (the frameset, index.html?overview-summary.html and
    index.html?overview-tree.html, and the list of all classes,
    allclasses-noframe.html); 0.037 / 0.813 / 0.997 (its template is the navigation
    bars, the search box and the copyright line; the lowest: deprecated-list.html, a
    title over an empty list of contents, and the package trees of small packages, such as
    org/htmlparser/lexerapplications/tabby/package-tree.html; the highest:
    index-all.html, FilterBuilder.html and tags/package-summary.html).
  - breathe-haiku (Sphinx 5.3 under the haiku theme, Breathe 4.34.0's documentation,
    breathe-doc; from index.html, the documentation's contents): 44 of 44, none
    without; 0.400 / 0.869 / 0.995 (its template is the header, the two navigation lines
    and the footer, and inside the text the permalinks; the lowest: testpages.html,
    search.html and define.html, a title over a line or two; the highest: genindex.html,
    codeguide.html and directives.html).
  - sphinx-gallery-rtd (Sphinx under the Read the Docs theme, Sphinx-Gallery 0.10.1's
    documentation, python-sphinx-gallery-doc; from index.html, the documentation's
    contents): 56 of 56, none without; 0.091 / 0.722 / 0.987 (its template is the
    sidebar's contents, the top bar, the breadcrumbs and the footer, and inside the
    text the permalinks and Sphinx-Gallery's download note, buttons and signature; the
    lowest: search.html, a title over a script's notice, auto_examples/local_module.html
    and _modules/index.html; the highest: the modules' source pages,
    _modules/sphinx_gallery/gen_rst.html, gen_gallery.html and scrapers.html).

- ``unswum``: four sites added in the twenty-seventh session, after the unridden sites
  judged the jumps, held back to judge the next change (they judged the twenty-ninth
  session's, DBCE's undecided blocks, and are spent as judges). One is from a generator that no
  site above has: plasTeX's manual, written by plasTeX's own HTML renderer from the
  manual's LaTeX (a row of navigation icons with the book's title at the top and at the
  bottom, div.navigation; breadcrumbs, div.breadcrumbs; the section's text in a div
  without a class straight in the body, and below it the list of the section's
  subsections, div.contents). The other three are from Sphinx under themes that no
  site above has, as the candidates with a new generator and forty pages or more are
  running out: Borg's documentation under the guzzle theme (a related bar at the top
  and the bottom, a left column of the logo, the search box and the contents, then in
  the right column breadcrumbs, the text as div.document.body without role=main, and
  the previous and next links, div.footer-relations); Kombu's documentation under
  sphinx_celery's theme, Celery's, and Cheetah3's under the sphinxdoc theme, both
  restyled from Sphinx's basic layout as the classic theme of the python site is (the
  related bars, div.body[role=main], div.sphinxsidebar, the footer), Kombu's with a
  notice on every page, inside the text, that the document is for the development
  version (div.deck), a "Donations welcome" sidebar, the API's "[source]" links and
  the modules' source pages (Cheetah3's rule drops such links too; it has none). No
  method has run on them (not URL Tree, DBCE, trafilatura nor the engine's ``article``
  model; neither bench/template_eval.py's evaluation nor bench/site_container.py): only
  their gold rules were checked, on every crawled page (wget's crawl as the harness runs
  it, capture 0; the container found, the share of a page's tokens inside the gold, to
  three decimals). Like the reserve, fresh, untouched, unread, sealed, withheld,
  unopened, untried, unvisited, unexplored, uncharted, unmapped, unsurveyed, untrodden,
  unwalked, unclimbed, unforded, unsailed, uncrossed, unflown and unridden sites they
  are left out of the default run unless ``--sites`` names them (the benches other than
  the judge refused them until the unfathomed sites below took their place).
  (Looked at and left out, as without a template: Bobcat's man pages, libbobcat-dev,
  Yodl's HTML, the text straight in the body under a rule, 128 pages; GNUmed's user
  manual, gnumed-doc, a Foswiki export, the topic alone in div.foswikiPage, 121 pages;
  the jQuery API's entries, jquery-alternative-doc, fragments of the site's pages
  without their template; Pmw's reference, python-pmw-doc, the text straight in the
  body, 48 pages. As a layout again: CMake's, cmake-doc, Sphinx under CMake's theme, the
  classic theme's layout unchanged; Lemonldap::NG's, lemonldap-ng-doc, the Bootstrap
  theme again; Knot Resolver's, knot-resolver-doc, the Read the Docs theme again;
  beets', beets-doc, Cyclone DDS', cyclonedds-doc, Cedar Backup's, cedar-backup3-doc,
  and Bottle's, python-bottle-doc, alabaster again; Ganeti's, ganeti-doc, dput-ng's,
  dput-ng-doc, alot's, alot-doc, BINoculars', binoculars-doc, highlight.js',
  highlight.js-doc, psycopg2's, python-psycopg2-doc, mod_python's,
  libapache2-mod-python-doc, and Paste's, python-paste-doc, the classic theme again;
  pytest's, python-pytest-doc, the Pallets layout again; DAViCal's API, davical-doc,
  Doxygen again; py-amqp's, python-amqp-doc, sphinx_celery's theme again beside
  Kombu's, 30 pages. And too few pages: Knot DNS', knot-doc, 25; GPRbuild's,
  gprbuild-doc, under the sphinxdoc theme, 8; Pygments', python-pygments-doc, 30;
  CoffeeScript's, coffeescript-doc, Docco's annotated source, 15 a version;
  pgBackRest's, pgbackrest-doc, 8; mkdocs-literate-nav's, mkdocs-literate-nav-doc, 3;
  FriCAS's, fricas-doc, 1; and no HTML: form-doc.)

  - plastex-plastex (plasTeX 2.1's HTML renderer, plasTeX's manual,
    python-plastex-doc; from index.html, the book's contents): 85 of 85, none without;
    0.041 / 0.851 / 0.984 (its template is the navigation rows, the breadcrumbs and the
    list of a section's subsections; the lowest: sect0022.html, sect0043.html and
    sect0047.html, a chapter's title over the list of its sections, outside the text as
    every section's is; the highest: sec-macroclasses.html, sect0023.html and
    sec-zpttutorial.html).
  - borg-guzzle (Sphinx under the guzzle theme, Borg 1.2.4's documentation,
    borgbackup-doc; from index.html, the documentation's contents): 45 of 45, 1 without
    (paperkey.html, the printable key's page, a tool of its own without the template);
    0.271 / 0.864 / 0.985 (its template is the related bars, the left column, the
    breadcrumbs, the previous and next links and the footer, and inside the text the
    permalinks; the lowest: deployment.html, a title over a short list of pages,
    usage/rename.html and search.html; the highest: changes.html,
    internals/data-structures.html and quickstart.html).
  - kombu-celery (Sphinx under sphinx_celery's theme, Kombu 5.2.4's documentation,
    python-kombu-doc; from index.html, the documentation's contents): 150 of 155, none
    without; 0.052 / 0.846 / 0.994 (its template is the related bars, the sidebar and
    the footer, and inside the text the development version's notice, the permalinks
    and the "[source]" links; the lowest: reference/kombu.transport.librabbitmq.html,
    reference/kombu.asynchronous.aws.sqs.html and reference/kombu.utils.eventio.html,
    a module's title over little or nothing; the highest: genindex.html and the
    modules' source pages, _modules/kombu/transport/qpid.html and redis.html).
  - cheetah-sphinxdoc (Sphinx 5.3 under the sphinxdoc theme, Cheetah3 3.3.1's
    documentation, python-cheetah-doc; from index.html, the documentation's contents):
    114 of 114, none without; 0.034 / 0.705 / 0.995 (its template is the related bars,
    the sidebar and the footer, and inside the text the permalinks; the lowest: the
    API's pages of modules without documentation, such as
    api/Cheetah.Tests.Performance.html and api/Cheetah.Unspecified.html, a title
    alone; the highest: news2.html, genindex.html and dev_guide/placeholders.html).

- ``unfathomed``: four sites added in the twenty-ninth session, while the unswum sites
  judged that session's change (DBCE's undecided blocks), held back to judge the next
  change. Two are
  from a generator or a layout that no site above has: AppStream's documentation, whose
  specification DAPS 3.3.2 writes (openSUSE's DocBook tool, its own stylesheets and
  layout: a header of the logo and a breadcrumb, a toolbar with the book's contents in
  a bubble and the previous and next arrows, a fixed header that repeats the
  breadcrumb; the text as div#_content, with a "#" permalink beside every title, the
  line "Applies to AppStream 0.16" above a chapter's title, div.version-info, and the
  previous and next pages' links at its end, div.page-bottom; a footer line), and
  whose two library references, which its API chapter links, GTK-Doc 1.33 writes (as
  the gtk site's: the navigation table and the footer straight in the body beside the
  page's div.book, div.chapter, div.refentry or div.index); and Django REST framework's
  documentation from MkDocs under the project's own theme (Bootstrap 2: a fixed navbar
  of the GitHub, Next, Previous and Search buttons and dropdown menus of every page, a
  sidebar of the page's contents, the text as div#main-content with the links to its
  source files on GitHub above the title, a search dialog and the line "Documentation
  built with MkDocs."), where the mkdocs site has MkDocs' own theme and the freetype
  site Material. The other two are from Sphinx under the projects' own themes, as the
  candidates with a new generator and twenty pages or more are running out:
  discord.py's (a grid of a header of links, a sub-header with the documentation's
  selector, the search box and the settings, a sidebar of the contents, the text as
  main[role=main] and a footer, then a settings dialog and a "to top" button; inside the
  text, above every class's members, an attribute table of their names,
  div.py-attribute-table, an index of the descriptions below it as Haddock's synopsis
  is) and scikit-image's (Bootstrap 2 again, under Sphinx: the logo, a navbar of
  Download, Gallery, Documentation, Community Guidelines and the search box, a left
  column with "Docs for 0.19.3" and the versions' link, the text as
  div.span9[role=main], below it a note that points to the image.sc forum and the
  footer; inside the text Sphinx-Gallery's note, download buttons and signature on
  every example, as on the gallery site, and the API's "[source]" links). No method has
  run on them (not URL Tree, DBCE, trafilatura nor the engine's ``article`` model;
  neither bench/template_eval.py's evaluation nor bench/site_container.py): only their
  gold rules were checked, on every crawled page (wget's crawl as the harness runs it,
  capture 0; the container found, the share of a page's tokens inside the gold, to three
  decimals). Like the reserve, fresh, untouched, unread, sealed, withheld, unopened,
  untried, unvisited, unexplored, uncharted, unmapped, unsurveyed, untrodden, unwalked,
  unclimbed, unforded, unsailed, uncrossed, unflown, unridden and unswum sites they are
  left out of the default run unless ``--sites`` names them, and the benches other than
  the judge refuse them (:func:`refuse_unfathomed`), so that nothing is tuned on them.
  (Looked at and left out, as without a template: MR-MPI's manual, mrmpi-doc, txt2html's
  pages, the text straight in the body under a title line, 35 pages; KeePass' help,
  keepass2-doc, pages written by hand for a frameset, 48; Firewall Builder's help,
  fwbuilder-doc, 43, and Redet's manual, redet-doc, 33, pages written by hand without
  one. As a layout again: Gearman's, libgearman-doc, PyGreSQL's, python-pygresql-doc,
  SimPy's, python-simpy-doc, PyX's, python3-pyx-doc, and NIPY's, python-nipy-doc,
  Sphinx's classic layout, some restyled; guizero's, python-guizero-doc, MkDocs under
  mkdocs-nature, the classic layout copied; Botan's, libbotan-2-doc, the agogo theme
  again; Glances', glances-doc, Lark's, python-lark-doc, django-tables2's,
  python-django-tables2-doc, Intake's, python3-intake-doc, dbus-python's,
  python-dbus-doc, Ceres Solver's, ceres-solver-doc, and MkDocs' MintPy's,
  python-mintpy-doc, and NLopt's, nlopt-doc, the Read the Docs theme again; Dynare's,
  dynare-doc, python-ldap's, python-ldap-doc, and the Translate Toolkit's,
  translate-toolkit-doc, alabaster again; ndcube's, python3-ndcube-doc, the Bootstrap
  theme again; Dask's, python-dask-doc, the pydata theme again (the pandas site's);
  NtEd's, nted-doc, and GNU Solfege's, solfege-doc, DocBook XSL's chunker again;
  js_of_ocaml's, libjs-of-ocaml-doc, odoc again; WeeChat's, weechat-doc, Asciidoctor
  2.0.18 again (the ntpsec site's); Gradle's, gradle-doc, javadoc again; GridSite's,
  gridsite-doc, IIPImage's, iipimage-doc, and the Edinburgh Speech Tools',
  speech-tools-doc, Doxygen again. And too few pages: Emperor's JavaScript API,
  python3-emperor-doc, JsDoc Toolkit, 4 beside 23 pages of highlighted source;
  noUiSlider's, node-nouislider-doc, its own site, 14 linked; yotta's, yotta-doc, 19;
  massXpert's, massxpert-doc, DAPS beside AppStream's, 11; MPB's, mpb-doc, 7; uvicorn's,
  python-uvicorn-doc, 7; xmlformat-doc, 14; blends-doc, 14; python-objgraph-doc, 13;
  python-xraydb-doc, 11; python-wxmplot-doc, 10; libxmlada-doc, 10;
  libtemplates-parser-doc, 9; python-vigra-doc, 4; claws-mail-doc, 3; wsjtx-doc, 2;
  rasmol-doc, 6; and no HTML: expeyes-doc-en, pyxplot-doc.)

  - appstream-daps (DAPS 3.3.2 and GTK-Doc 1.33.1, AppStream 0.16.1's documentation,
    appstream-doc; from index.html, the book's title page and contents): 83 of 83 (31
    DAPS pages, 52 of the two GTK-Doc references), none without; 0.015 / 0.908 / 0.999
    (its template is DAPS' header, toolbar, fixed header and footer, and inside the
    text the permalinks, the "Applies to" line and the previous and next links, and
    GTK-Doc's navigation table and footer; the lowest: ix01.html, the book's empty
    index, a title alone, chap-AppStream-ManualPages.html, a title over one sentence,
    and chap-AppStream-API.html; the highest: the API's class pages,
    api/appstream-AsRelation.html, AsPool.html and AsComponent.html).
  - drf-mkdocs (MkDocs under Django REST framework's own theme, its documentation
    3.14.0, python-djangorestframework-doc; from index.html, the home page): 69 of 69
    (of the package's 73 pages), none without; 0.404 / 0.818 / 0.980 (its template is
    the navbar with its menus of every page, the page's contents in the sidebar, the
    search dialog and the footer line, and inside the text the source files' links; the
    lowest: community/jobs/, a short list of links under the menus, and the release
    announcements community/3.13-announcement/ and 3.14-announcement/; the highest:
    api-guide/serializers/, community/3.0-announcement/ and community/release-notes/).
  - discord-sphinx (Sphinx 5.3 under discord.py's own theme, discord.py 2.2.2's
    documentation, python-discord-doc; from index.html, the documentation's contents):
    22 of 22, none without; 0.339 / 0.888 / 0.996 (its template is the header, the
    sub-header, the sidebar, the footer, the settings dialog and the "to top" button,
    and inside the text the permalinks and the attribute tables; the lowest:
    search.html, a title over a script's notice, ext/commands/index.html and
    index.html, short lists of pages; the highest: migrating_to_v1.html,
    ext/commands/commands.html and genindex.html).
  - skimage-sphinx (Sphinx under scikit-image's own theme, scikit-image 0.19.3's
    documentation, python-skimage-doc; from index.html, the home page): 150 of 173 (of
    the package's 198 pages), none without; 0.040 / 0.871 / 0.991 (its template is the
    navbar, the versions' box, the forum's note and the footer, and inside the text the
    permalinks, Sphinx-Gallery's note, download buttons and signature and the
    "[source]" links; the lowest: license.html, a title whose text Debian's build left
    out, user_guide.html and skips/index.html, short lists of pages; the highest:
    api/skimage.segmentation.html, release_notes.html and genindex.html).

A page without the container has no gold: it is crawled and the methods see it (it is
part of the site's stream and of DBCE's crosses), but it is not scored, and the
harness reports how many such pages each site has (:func:`has_container`).

Large sites are capped (``Site.cap`` pages, in wget's breadth-first crawl order) so that
a full run (the developer and unseen sites) stays within about 25 minutes on a 2-core
machine: Python's docs (526 pages) and GTK's reference (344) at 300. A 60-page slice of
every site took 6.6 minutes, trafilatura (0.5 s a page on Python's and SQLAlchemy's long
pages) and DBCE's three runs the most of it. The five unseen sites hold 407 pages
(jsoup's and syn's API references capped at 150), about 15 % of the ten developer sites'
nodes, bytes and words: some 3 to 4 minutes more. The reserve sites (756 pages), the
fresh sites (497 pages), the untouched sites (600 pages), the unread sites (516 pages),
the sealed sites (553 pages), the withheld sites (600 pages), the unopened sites (583
pages), the untried sites (401 pages), the unvisited sites (354 pages), the unexplored
sites (415 pages), the uncharted sites (506 pages), the unmapped sites (539 pages), the
unsurveyed sites (510 pages), the untrodden sites (271 pages), the unwalked sites (459
pages), the unclimbed sites (411 pages), the unforded sites (415 pages), the unsailed
sites (489 pages), the uncrossed sites (493 pages), the unflown sites (502 pages), the
unridden sites (400 pages), the unswum sites (394 pages) and the unfathomed sites (324
pages) are not in that run.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import lxml.etree
import lxml.html
import numpy as np

# The second visit's rotating box: boilerplate whatever the site's container rule says.
TEASER_CLASS = "kehr-teaser"
BAD, GOOD = 1, 3

Rule = Callable[[lxml.html.HtmlElement], bool]
Kind = Literal[
    "developer", "unseen", "reserve", "fresh", "untouched", "unread", "sealed", "withheld",
    "unopened", "untried", "unvisited", "unexplored", "uncharted", "unmapped", "unsurveyed",
    "untrodden", "unwalked", "unclimbed", "unforded", "unsailed", "uncrossed", "unflown",
    "unridden", "unswum", "unfathomed",
]  # fmt: skip
KINDS: tuple[Kind, ...] = (
    "developer", "unseen", "reserve", "fresh", "untouched", "unread", "sealed", "withheld",
    "unopened", "untried", "unvisited", "unexplored", "uncharted", "unmapped", "unsurveyed",
    "untrodden", "unwalked", "unclimbed", "unforded", "unsailed", "uncrossed", "unflown",
    "unridden", "unswum", "unfathomed",
)  # fmt: skip


def _never(element: lxml.html.HtmlElement) -> bool:
    return False


@dataclass(frozen=True)
class Site:
    name: str
    package: str
    root: Path  # served directory
    start: str  # first page, relative to root
    # The gold rule: is this element (an ancestor of a node) the main content?
    content: Rule
    rule: str  # the rule, for the report
    boilerplate: Rule = _never  # boilerplate inside the content container
    short: str = ""  # the name in BENCH keys and --sites
    kind: Kind = "developer"
    cap: int | None = None  # at most this many pages (crawl order) in a full run

    @property
    def installed(self) -> bool:
        """Whether the site's first page is there: its folder alone may belong to
        another package (/usr/share/doc/sqlite3 is sqlite3's, the pages sqlite3-doc's)."""
        return (self.root / self.start).is_file()


def has_class(element: lxml.html.HtmlElement, name: str) -> bool:
    return name in (element.get("class") or "").split()


def _body(element: lxml.html.HtmlElement) -> bool:
    return element.tag == "body"


def _sphinx_main(element: lxml.html.HtmlElement) -> bool:
    return element.get("role") == "main"


def _docbook_navigation(element: lxml.html.HtmlElement) -> bool:
    return has_class(element, "navheader") or has_class(element, "navfooter")


def _in_body(element: lxml.html.HtmlElement, *tags: str) -> bool:
    """Whether ``element`` is written straight into ``<body>`` (and is one of ``tags``,
    when given): where a page written without a container keeps its frame."""
    parent = element.getparent()
    return (not tags or element.tag in tags) and parent is not None and parent.tag == "body"


def _handbook_body(element: lxml.html.HtmlElement) -> bool:
    return _in_body(element, "div")


def _apache_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # The language list above the text, the page's index of topics and directives
    # ("quickview", a sidebar as Sphinx's local table of contents is), the "top" arrows.
    return (
        has_class(element, "toplang")
        or element.get("id") == "quickview"
        or (element.tag == "div" and has_class(element, "top"))
    )


def _gtkdoc_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # The navigation bar (Home/Up/Prev/Next and the section shortcuts) and the footer.
    return (element.tag == "table" and has_class(element, "navigation")) or (
        element.tag == "div" and has_class(element, "footer")
    )


def _texinfo_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # texi2any's navigation bar ([ << | < | Up | > | >> | Top | Contents | Index | ? ])
    # before every section and at the page's end, and the two small-print lines of the
    # footer ("This document was generated on ... using texi2any", the version line).
    return (element.tag == "table" and has_class(element, "header")) or (
        element.tag == "font" and element.get("size") == "-1"
    )


def _haddock_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # Inside the module's div#content: the header's panel of Copyright, License,
    # Maintainer, Stability, ... (the same labels on every page, a copyright notice),
    # the page's own table of contents and its collapsed "Synopsis" (an index of the
    # signatures below, as Apache's quickview is), and the "Source" and "#" links
    # beside every declaration.
    return (
        (element.tag == "table" and has_class(element, "info"))
        or element.get("id") in ("table-of-contents", "synopsis")
        or (element.tag == "a" and (has_class(element, "link") or has_class(element, "selflink")))
    )


def _rustdoc_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # rustdoc's controls inside the item text: the "source" links (a.srclink, on the
    # heading and on every impl and method), the heading's box of "source" and the
    # collapse-all toggle, and the "Expand description" toggle label.
    return (
        has_class(element, "srclink")
        or has_class(element, "out-of-band")
        or (element.tag == "summary" and has_class(element, "hideme"))
    )


def _more_link(element: lxml.html.HtmlElement) -> bool:
    # Doxygen's and qdoc's "More..." after a brief description (the page's, and in
    # Doxygen every member's in the summary tables): the template's jump to the
    # detailed description further down the same page.
    return (
        element.tag == "a"
        and element.text_content().strip() == "More..."
        and "#" in (element.get("href") or "")
    )


def _doxygen_content(element: lxml.html.HtmlElement) -> bool:
    # The page's title (div.headertitle, in div.header beside div.summary's jump links)
    # and its text (div.contents); the top bar, the tabs and the footer are outside.
    return element.tag == "div" and (
        has_class(element, "contents") or has_class(element, "headertitle")
    )


def _qdoc_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # The page's own table of contents (div.sidebar, floated beside the text, as
    # Haddock's is) and the "More..." jump.
    return (element.tag == "div" and has_class(element, "sidebar")) or _more_link(element)


def _qbs_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # Inside Qbs' div.mainContent: qdoc's own (the page's table of contents, div.sidebar,
    # and the "More..." jump) and the links to the previous and next pages above the
    # title and below the text (p.naviNextPrevious), which the Qt Charts pages lack.
    return _qdoc_boilerplate(element) or (
        element.tag == "p" and has_class(element, "naviNextPrevious")
    )


def _headerlink(element: lxml.html.HtmlElement) -> bool:
    # Sphinx's "¶" permalink beside every heading (a.headerlink): a control, not text.
    return element.tag == "a" and has_class(element, "headerlink")


def _sphinx_gallery_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # Inside div[role=main] of the Read the Docs theme: the "¶" permalinks, and what
    # Sphinx-Gallery writes around every example and gallery the same way: the note "Go
    # to the end to download the full example code" above, the download buttons below
    # (div.sphx-glr-footer) and the line "Gallery generated by Sphinx-Gallery"
    # (p.sphx-glr-signature).
    return (
        _headerlink(element)
        or has_class(element, "sphx-glr-download-link-note")
        or has_class(element, "sphx-glr-footer")
        or has_class(element, "sphx-glr-signature")
    )


def _yard_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # The "collapse" toggles beside the summary headings (a.summary_toggle,
    # a.constants_summary_toggle): controls, not text. On the full lists (the class,
    # method, file and tag lists of the side frame, pages of their own) the switch
    # between the lists (div#full_list_nav) and the search box.
    return (
        element.tag == "a"
        and any(c.endswith("_toggle") for c in (element.get("class") or "").split())
    ) or element.get("id") in ("full_list_nav", "search")


def _erlang_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # The copyright line at the end of div#content and the anchor/source links before
    # every function heading (div.title-anchors).
    return element.tag == "div" and (
        has_class(element, "footer") or has_class(element, "title-anchors")
    )


def _gidocgen_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # The "[src]" link to the source location beside the title and every member
    # (a.srclink); the sidebar, the page's table of contents (div#toc) and the search
    # results are outside section#main.
    return element.tag == "a" and has_class(element, "srclink")


def _rdoc_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # Darkfish's "click to toggle source" beside every method heading: a control (the
    # source it shows, div.method-source-code, is the method's text and stays content).
    return element.tag == "span" and has_class(element, "method-click-advice")


def _gapdoc_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # GAPDoc2HTML writes the chapter straight into the body, between its navigation:
    # the "Goto Chapter" rows (div.chlinktop, div.chlinkbot), the [Top of Book]
    # [Contents] [Previous Chapter] [Next Chapter] rows (div.chlinkprevnexttop,
    # div.chlinkprevnextbot), the "[MathJax on]" switch (p#mathjaxlink), the chapter's
    # own table of contents (div.ChapSects, as Haddock's is) and the footer line
    # ("generated by GAPDoc2HTML", p.foot).
    return (
        (element.tag == "div" and any(
            has_class(element, name)
            for name in ("chlinktop", "chlinkbot", "chlinkprevnexttop", "chlinkprevnextbot",
                         "ChapSects")
        ))
        or element.get("id") == "mathjaxlink"
        or (element.tag == "p" and has_class(element, "foot"))
    )  # fmt: skip


def _pydoctor_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # Inside div#main: Twisted's hidden "Go to the latest version" banner
    # (div#current-docs-container) and the hidden search results and help
    # (div#search-results-container), the "Toggle Private API" button (div#showPrivate),
    # and the "(source)" and anchor links beside every declaration (a.sourceLink,
    # a.headerLink).
    return element.get("id") in (
        "current-docs-container",
        "search-results-container",
        "showPrivate",
    ) or (
        element.tag == "a"
        and (has_class(element, "sourceLink") or has_class(element, "headerLink"))
    )


def _nim_content(element: lxml.html.HtmlElement) -> bool:
    # The document's div.container: the title (h1.title) and the text, in div#content
    # (the nine columns) beside the sidebar, or straight in the container on the pages
    # without a sidebar (the index, the short guides such as hcr.html).
    return element.tag == "div" and has_class(element, "container")


def _nim_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # The sidebar (div.three.columns: the dark-mode switch, the global links, the search
    # box, the page's table of contents), the "Source" and "Edit" links (a.link-seesrc)
    # beside the module and after every declaration, and the footer row ("Made with Nim.
    # Generated: ...").
    return (
        (element.tag == "div" and has_class(element, "three") and has_class(element, "columns"))
        or (element.tag == "a" and has_class(element, "link-seesrc"))
        or (element.tag == "div" and has_class(element, "footer"))
    )


def _sqlite_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # SQLite's pages have no content element: the text follows the header in the body.
    # The header is the body's div.nosearch holding the logo, the tagline, the menus and
    # the search form (other div.nosearch are the page's own titles); the long pages'
    # table of contents (div.fancy_toc, "Table Of Contents") and the footer's
    # "This page last modified on ..." line (p[align=center], after hr.xhr). On the C
    # interface's pages (c3ref/) the running head above each title, a link home
    # ("SQLite C Interface"), and the closing "See also lists of Objects, Constants, and
    # Functions." line, the same on every one of them.
    return (
        (element.tag == "div" and has_class(element, "nosearch")
         and any(has_class(child, "mainmenu") for child in element))
        or (element.tag == "div" and has_class(element, "fancy_toc"))
        or (element.tag == "hr" and has_class(element, "xhr"))
        or (element.tag == "p" and element.get("align") == "center"
            and element.text_content().strip().startswith("This page last modified"))
        or (element.tag == "a" and element.get("href") == "intro.html"
            and element.text_content().strip() == "SQLite C Interface")
        or (element.tag == "p"
            and element.text_content().strip().startswith("See also lists of"))
    )  # fmt: skip


def _libvirt_toc_heading(element: lxml.html.HtmlElement) -> bool:
    # An API page's table-of-contents heading: an h3 linking into the page ("Macros",
    # "Types", "Functions"); the description's headings carry the anchors (a[id]).
    link = element.find("a") if element.tag == "h3" else None
    return link is not None and (link.get("href") or "").startswith("#")


def _libvirt_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # Inside div#body: docutils' table of contents (nav.contents, "Contents"); on the API
    # reference's pages (html/, libvirt's own apibuild) the "Table of Contents" at the
    # top, an index of the declarations described below it (as Haddock's synopsis is:
    # the h2, the h3 links and the pre.api list after each), and the "¶" links beside
    # every heading (a.headerlink).
    # (The reference's index, html/index.html, has the same h2 over its list of modules:
    # there the list is the page's text, and the heading stays content.)
    previous = element.getprevious() if element.tag == "pre" else None
    following = element.getnext() if element.tag == "h2" else None
    return (
        element.tag == "nav"
        or (following is not None and _libvirt_toc_heading(following))
        or _libvirt_toc_heading(element)
        or (previous is not None and _libvirt_toc_heading(previous))
        or (element.tag == "a" and has_class(element, "headerlink"))
    )


def _ikiwiki_content(element: lxml.html.HtmlElement) -> bool:
    # The page's text (div#content[role=main]) and its title (span.title, in the header
    # beside the parent links); the parent links, the footer's tags, backlinks and date
    # are outside.
    return element.get("id") == "content" or (element.tag == "span" and has_class(element, "title"))


def _exim_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # Inside div#content: the "<-previous", "next->" and "Table of Contents" links above
    # and below every chapter, and on the contents page (index.html) the "Expand/Collapse
    # all Chapters" control (div#options). The header's menu and search, the footer's
    # design credit and the floating contents tab (div#toc) are outside.
    return (
        element.tag == "a"
        and any(has_class(element, name) for name in ("previous_page", "next_page", "toc_page"))
    ) or element.get("id") == "options"


def _fpdoc_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # fpdoc writes the page straight into the body under its bar (table.bar: the unit's
    # [Overview][Constants][Types][Classes][Index] links and "Reference for unit ..."),
    # and on a class's page the line of links to its member lists ("[Properties (by
    # Name)] [Methods (by Name)] [Events (by Name)]", links that open them in a pop-up
    # window). Those lists are pages of their own, with no bar: their list is their text.
    return (element.tag == "table" and has_class(element, "bar")) or (
        element.tag == "p"
        and any((a.get("onclick") or "").startswith("window.open") for a in element.iter("a"))
    )


def _latex2html_subsections(element: lxml.html.HtmlElement) -> bool:
    # The anchor heading a section's child links: <a id="CHILD_LINKS">Subsections</a>.
    return element.get("id") == "CHILD_LINKS" and element.text_content().strip() == "Subsections"


def _latex2html_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # LaTeX2HTML writes the section straight into the body between its navigation
    # panels (div.navigation: the next/up/previous/index buttons and the "Next: ... Up:
    # ... Previous: ... Index" line, at the top and on long pages at the bottom too), and
    # after a section's text its "Subsections" (the anchor and ul.ChildLinks, an index of
    # the pages below it). The title page (index.html) holds the book's contents as the
    # same ul.ChildLinks without the "Subsections" heading: there it is the page's text.
    previous = element.getprevious() if element.tag == "ul" else None
    return (
        (element.tag == "div" and has_class(element, "navigation"))
        or _latex2html_subsections(element)
        or (has_class(element, "ChildLinks") and previous is not None
            and _latex2html_subsections(previous))
    )  # fmt: skip


def _links_to_own_sections(element: lxml.html.HtmlElement) -> bool:
    # A page's own table of contents: it has links, and they all go to the sections below
    # ("#...").
    links = [a.get("href") or "" for a in element.iter("a")]
    return bool(links) and all(link.startswith("#") for link in links)


def _tomcat_toc(element: lxml.html.HtmlElement) -> bool:
    # The page's own table of contents: the div.text after h3#Table_of_Contents when its
    # links all go to the sections below ("#..."). (appdev/index.html's "Table of
    # Contents" is a written section, links to the guide's pages with their
    # descriptions: there it is the page's text.)
    previous = element.getprevious() if element.tag == "div" else None
    return (
        has_class(element, "text")
        and previous is not None
        and previous.tag == "h3"
        and previous.get("id") == "Table_of_Contents"
        and _links_to_own_sections(element)
    )


def _tomcat_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # Inside div#content: the page's table of contents (as Haddock's is), the "Table of
    # Contents" heading and its list of links to the sections below.
    following = element.getnext() if element.tag == "h3" else None
    return _tomcat_toc(element) or (following is not None and _tomcat_toc(following))


def _cppreference_content(element: lxml.html.HtmlElement) -> bool:
    # The page's title (h1#firstHeading) and its text (div#mw-content-text); MediaWiki's
    # tagline ("From cppreference.com"), the breadcrumb (div#contentSub) and the
    # "Retrieved from" footer are outside. The text opens with the site's menus
    # (div.t-navbar: the language's or library's sections, their menus hidden until
    # hovered but in the HTML), the template's: boilerplate (the site's rule).
    return element.get("id") in ("firstHeading", "mw-content-text")


def _grass_source_code(element: lxml.html.HtmlElement) -> bool:
    return element.tag == "h2" and element.text_content().strip() == "SOURCE CODE"


def _grass_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # GRASS writes the page straight into div#container between two hr.header rules:
    # before the first the logo (no text), after the second the footer (the links to the
    # indexes, the copyright). Inside: the page's table of contents (div.toc) and the
    # "SOURCE CODE" section every module page ends with (a link to the module's source
    # and its history, and the "Accessed:" date of the build), as rustdoc's source
    # links are.
    if element.tag == "div" and has_class(element, "toc"):
        return True
    parent = element.getparent()
    if parent is None or parent.get("id") != "container":
        return False
    if _grass_source_code(element):
        return True
    rules = 0
    for sibling in element.itersiblings(preceding=True):
        if _grass_source_code(sibling):
            return True
        rules += sibling.tag == "hr" and has_class(sibling, "header")
    return rules >= 2


def _makeinfo_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # makeinfo 6.8 writes the node straight into the body (div.chapter, div.section, ...;
    # the title page's book title stands before its div.top) under its navigation line
    # (div.header: "Next: ..., Previous: ..., Up: ... [Contents][Index]", repeated at the
    # end of the long pages). A node's menu of the sections below (ul.section-toc) stays
    # content, as texi2any's menus on the zsh site do.
    return element.tag == "div" and has_class(element, "header")


def _boostbook_content(element: lxml.html.HtmlElement) -> bool:
    # The page's div under the body (div.chapter, div.section, div.refentry, div.part,
    # ...): Boost's header table (the logo and Home/Libraries/People/FAQ/More), the
    # prev/up/home/next div.spirit-nav (images) and the copyright footer's table are the
    # body's other children. The page's table of contents (div.toc) stays content, as
    # DocBook's does on the debref and wireshark sites.
    return _in_body(element, "div") and not has_class(element, "spirit-nav")


def _scribble_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # Inside Scribble's div.main: the top/contents/prev/up/next rows above and below the
    # text (div.navsettop with the search box, div.navsetbottom) and the version box on
    # a manual's title page (div.versionbox, "8.7"). The left column (div.tocset: the
    # manual's contents and the page's "On this page" list) is outside.
    return element.tag == "div" and any(
        has_class(element, name) for name in ("navsettop", "navsetbottom", "versionbox")
    )


def _macaulay2_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # Macaulay2 writes the node straight into the body under a rule (hr): before it the
    # buttons row (next | previous | forward | backward | up | top | index | toc |
    # Macaulay2 website, table.buttons) and the path ("Macaulay2Doc > ... > ideal"), or
    # on the index and the table of contents their two or three links. The node's "Ways
    # to use" and "For the programmer" sections are its own and stay content.
    return _in_body(element) and any(sibling.tag == "hr" for sibling in element.itersiblings())


def _vim_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # makehtml.awk writes the help file into the body as one pre under the title; the
    # "main help file" link above it and the "top - main help file" links that close the
    # pre are the template's.
    if element.tag != "a":
        return False
    text, href = element.text_content().strip(), element.get("href")
    return (href == "index.html" and text == "main help file") or (href == "#top" and text == "top")


def _gri_content(element: lxml.html.HtmlElement) -> bool:
    # gri's HTML writes every manual page into the right cell of a two-cell table (its
    # summary "top banner"), beside the left cell's list of chapters and indices.
    if element.tag != "td" or element.get("width") != "500":
        return False
    table = next(element.iterancestors("table"), None)
    return table is not None and table.get("summary") == "top banner"


# The sections that NTPsec's pages open with, from Asciidoctor's include directives: the
# handbook's "Related Links" menus, the manual pages' "Manual Pages" menu and the page's
# own "Table of Contents" (links to its sections).
_NTPSEC_MENUS = ("_related_links", "_manual_pages", "_table_of_contents")


def _ntpsec_menu(element: lxml.html.HtmlElement | None) -> bool:
    heading = (
        element.find("h2")
        if element is not None and element.tag == "div" and has_class(element, "sect1")
        else None
    )
    return heading is not None and heading.get("id") in _NTPSEC_MENUS


def _ntpsec_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # Inside div#content: a menu's heading (the h2, and the h3 over each of its lists)
    # and its link lists (div.ulist: the first of the section's body, or the one under an
    # h3), and the "Home Page / Site Map / Contacts" table that closes every page. A page
    # whose text has no heading of its own after the menus gets it nested in the menu's
    # last section, after the list: that text stays content (as does a section of the
    # page's own under the table of contents, build.html's). The title (div#header) and
    # the epigraph (div#preamble, a quotation that differs on every page) are content;
    # the "Last updated" footer is outside.
    if element.tag == "h2":
        return element.get("id") in _NTPSEC_MENUS
    if element.tag == "table":
        return any(
            a.get("href") == "sitemap.html" and a.text_content().strip() == "Site Map"
            for a in element.iter("a")
        )
    parent = element.getparent()
    if parent is None or element.tag not in ("h3", "div"):
        return False
    if has_class(element, "ulist") and has_class(parent, "sectionbody"):
        return element.getprevious() is None and _ntpsec_menu(parent.getparent())
    body = parent.getparent()
    if not has_class(parent, "sect2") or body is None or not _ntpsec_menu(body.getparent()):
        return False
    following, previous = element.getnext(), element.getprevious()
    return (element.tag == "h3" and following is not None and has_class(following, "ulist")) or (
        has_class(element, "ulist") and previous is not None and previous.tag == "h3"
    )


def _scaladoc_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # Scaladoc writes the entity's page straight into the body: above the title the path
    # to it (p#owner, "scala . actors") and the "Related Docs" links (span.morelinks: the
    # companion, the package), below the description the members' filter (div#mbrsel:
    # "Ordering", "Inherited", "Hide All", "Show All", "Visibility"), and the footer
    # (div#footer, the copyright line).
    return element.get("id") in ("owner", "mbrsel", "footer") or (
        element.tag == "span" and has_class(element, "morelinks")
    )


def _ldoc_content(element: lxml.html.HtmlElement) -> bool:
    # LDoc writes the module's, class's or topic's page into div#content, beside
    # div#navigation (the project's name, the page's contents and every module's and
    # class's link); the "generated by LDoc" line (div#about) is outside.
    return element.tag == "div" and element.get("id") == "content"


def _libxml2_menu_column(element: lxml.html.HtmlElement) -> bool:
    return element.tag == "td" and element.get("width") == "200"


def _libxml2_content(element: lxml.html.HtmlElement) -> bool:
    # libxml2's site.xsl and newapi.xsl write every page into nested tables: the banner's
    # title cell (td[align=center]: the site's name in h1, the page's title in h2), the
    # left column's menus (td[width=200]: Main/Developer/API Menu, API Indexes, Related
    # links, each a cell of the same colour as the text's) and the text's cell
    # (td[bgcolor=#fffacd] in the right column).
    if element.tag == "h2":
        parent = element.getparent()
        return parent is not None and parent.tag == "td" and parent.get("align") == "center"
    return (
        element.tag == "td"
        and element.get("bgcolor") == "#fffacd"
        and not any(_libxml2_menu_column(a) for a in element.iterancestors("td"))
    )


def _libxml2_toc(element: lxml.html.HtmlElement | None) -> bool:
    # An API module's "Table of Contents": the h2 over the pre.programlisting list of its
    # declarations (an index of the description below, as libvirt's is). The reference's
    # index (html/index.html) has the same h2 over its list of modules: there it is the
    # page's text.
    following = element.getnext() if element is not None else None
    return (
        element is not None
        and element.tag == "h2"
        and element.text_content().strip() == "Table of Contents"
        and following is not None
        and following.tag == "pre"
    )


def _libxml2_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # Inside the text's cell: the signature the stylesheets close every page with (a
    # paragraph, "Daniel Veillard", linking bugs.html; the source, xml.html, has none),
    # the API pages' Prev/Up/Home/Next bar (table.navigation, with "The XML C parser and
    # toolkit of Gnome") and their "Table of Contents" (the h2 and the declarations' pre
    # list under it, up to the "Description" h2).
    if element.tag == "table" and has_class(element, "navigation"):
        return True
    if element.tag == "p" and element.text_content().strip() == "Daniel Veillard":
        return any((a.get("href") or "").endswith("bugs.html") for a in element.iter("a"))
    if _libxml2_toc(element):
        return True
    if element.tag != "pre":
        return False
    heading = next(element.itersiblings("h2", preceding=True), None)
    return _libxml2_toc(heading)


def _allegro_source_link(element: lxml.html.HtmlElement) -> bool:
    # The "Source Code" link (to the function's source on GitHub) after every declaration.
    return (
        element.tag == "p"
        and " ".join(element.text_content().split()) == "Source Code"
        and element.find("a") is not None
    )


def _allegro_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # Inside div.content (pandoc's body under Allegro's template): the page's table of
    # contents (nav#TOC), the "Source Code" links and the "Allegro version 5.2.8 - Last
    # updated: ..." line (p.timestamp). The sidebar (div.sidebar: the manual's sections,
    # the addons, the index and the search box) is outside.
    return (
        (element.tag == "nav" and element.get("id") == "TOC")
        or _allegro_source_link(element)
        or (element.tag == "p" and has_class(element, "timestamp"))
    )


def _autogsdoc_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # autogsdoc writes the document straight into the body (in a font element) between
    # its "Up" links (to the package's index, Base.html), and after the front matter
    # (authors, version, date, copyright: the document's own head, kept as content) the
    # page's "Contents -" box (a div of two rules around the list of its sections, as
    # Haddock's table of contents is).
    if element.tag == "a":
        return element.text_content().strip() == "Up" and element.get("href") == "Base.html"
    if element.tag != "div":
        return False
    heading = element.find("h3")
    return heading is not None and heading.text_content().strip() == "Contents -"


def _lilypond_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # LilyPond's texi2html init writes the node into div#main between its two navigation
    # tables (table.nav_table: << chapter, Top, Contents, Index, chapter >>, and < previous,
    # Up, next >), above div#footer (the version line, the bug-report line, the other
    # languages and the highlighting switch); div#tocframe, the manual's contents down to
    # the current section, is outside.
    return (element.tag == "table" and has_class(element, "nav_table")) or (
        element.tag == "div" and element.get("id") == "footer"
    )


def _spectre_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # Inside div#content (Spectre's Pug layout): the "#" anchors beside the headings
    # (a.anchor), the advertisement box (div.docs-ad, empty without its script) and the
    # footer (div.docs-footer: GitHub, Twitter, PayPal, Patreon, the version and licence);
    # the navbar (the search box, PayPal and GitHub) and the sidebar are outside.
    if element.tag == "a":
        return has_class(element, "anchor")
    return element.tag == "div" and (
        has_class(element, "docs-ad") or has_class(element, "docs-footer")
    )


def _viewcode_link(element: lxml.html.HtmlElement) -> bool:
    # Sphinx's "[source]" link to a function's source (span.viewcode-link).
    return element.tag == "span" and has_class(element, "viewcode-link")


def _pydata_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # Inside main (pydata-sphinx-theme): the previous/next links (div.prev-next-area) and
    # the "[source]" links to the function's source on GitHub; the navbar, the sidebar,
    # the "On this page" column and the footer are outside.
    prev_next = element.tag == "div" and has_class(element, "prev-next-area")
    return prev_next or _viewcode_link(element)


def _dsssl_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # Jade's Modular DocBook HTML stylesheets write the chunk straight into the body
    # between the navigation header (div.NAVHEADER: the document's title over the Prev/Next
    # row) and footer (div.NAVFOOTER: Prev/Home/Next and Up, with the neighbours' titles);
    # the classes are upper case, as the stylesheets write them.
    return element.tag == "div" and (
        has_class(element, "NAVHEADER") or has_class(element, "NAVFOOTER")
    )


def _furo_content(element: lxml.html.HtmlElement) -> bool:
    # Furo's article[role=main]: the page's text; the mobile header, the sidebar (the
    # brand, the search box and the whole site's tree), the "Back to top" and theme
    # toggles, the previous/next links and the footer, and the "On this page" column are
    # outside.
    return element.tag == "article" and element.get("role") == "main"


def _furo_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # Inside the article: the "[source]" links to the function's source on GitHub
    # (span.viewcode-link), as on the pandas site.
    return _viewcode_link(element)


def _mltex2html_content(element: lxml.html.HtmlElement) -> bool:
    # mltex2html lays the page out as one table in the body: the manual's contents in
    # the first cell (td[width=170]), an empty spacer, and the page in the last cell,
    # td[valign=top] without a width.
    if element.tag != "td" or element.get("valign") != "top" or element.get("width"):
        return False
    row = element.getparent()
    table = row.getparent() if row is not None else None
    body = table.getparent() if table is not None else None
    return table is not None and table.tag == "table" and body is not None and body.tag == "body"


def _mltex2html_footer(element: lxml.html.HtmlElement) -> bool:
    # The footer table at the end of the page's cell: the authors' names, the SML/NJ and
    # validator badges, "Generated by mltex2html" and "Last modified: ...".
    parent = element.getparent()
    return (
        element.tag == "table"
        and parent is not None
        and _mltex2html_content(parent)
        and any(i.text_content().strip().startswith("Generated by") for i in element.iter("i"))
    )


def _mltex2html_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # Inside the page's cell: the footer table and the rule above it.
    following = element.getnext() if element.tag == "hr" else None
    return _mltex2html_footer(element) or (following is not None and _mltex2html_footer(following))


def _previous_element(element: lxml.html.HtmlElement) -> lxml.html.HtmlElement | None:
    # The previous sibling that is an element (not a comment).
    previous = element.getprevious()
    while previous is not None and not isinstance(previous.tag, str):
        previous = previous.getprevious()
    return previous


def _mhonarc_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # MHonArc's pages are written by hand into the body; the template is the navigation
    # that the documentation's pages carry between marker comments, above and below the
    # text (<!--x-rc-nav-->: the resource pages' [Prev: ...][Resources][TOC][Next: ...]
    # rows; <!--X-NavButtons-Start-->: the other pages' row of image buttons), and the
    # footer's address (the date, "MHonArc", the copyright). Inside the text: the page's
    # own table of contents, the list under the title whose links all go to the sections
    # below ("#..."), as Haddock's is.
    previous = element.getprevious()
    if (
        previous is not None
        and previous.tag is lxml.etree.Comment
        and (previous.text or "").strip() in ("x-rc-nav", "X-NavButtons-Start")
    ):
        return True
    if element.tag == "address":
        return True
    if element.tag != "ul":
        return False
    title = _previous_element(element)
    return title is not None and title.tag == "h1" and _links_to_own_sections(element)


def _armform_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # Arm_Form writes each clause straight into the body between the title line (a div:
    # "Ada Reference Manual (Ada 202x Draft 25) - Legal Information", its link to
    # RM-TTL.html), the rows of image buttons above and below the text (divs of links
    # whose images say Contents, Index, References, Search, Previous and Next: no text)
    # and the sponsor's line (a div: Ada-Europe's logo and "Ada 2005 and 2012 Editions
    # sponsored in part by Ada-Europe"). The clause's own paragraphs are divs in the body
    # too (div.paranum, div.Normal, ...), without those links or images.
    if not _in_body(element, "div"):
        return False
    if any(a.get("href") == "RM-TTL.html" for a in element.iter("a")):
        return True
    return any(img.get("alt") in ("Contents", "Ada-Europe") for img in element.iter("img"))


def _haiku_content(element: lxml.html.HtmlElement) -> bool:
    # Sphinx's haiku theme: div.content[role=main] holds the page's text; the header (the
    # project's and the page's titles), the top and bottom navigation (previous, Contents,
    # next) and the footer are outside.
    return element.tag == "div" and has_class(element, "content") and _sphinx_main(element)


def _sedoctool_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # Inside div#Content, as its own children: the links to the page's own sections under
    # the module's title ("Interfaces", "Templates", ...: "#interfaces", ...) and the
    # "Return" links to the page's top ("#top") after each section. A link in the text
    # (a description's paragraph, a parameters table) stays content.
    parent = element.getparent()
    return (
        element.tag == "a"
        and (element.get("href") or "").startswith("#")
        and parent is not None
        and parent.get("id") == "Content"
    )


def _clanlib_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # ClanLib's reference generator writes the page into the body between two centred
    # blocks, the bar (Home | All Classes | Grouped Classes | Index | Search, after
    # <!-- clanlib header end -->) and the footer ("Questions or comments, write to the
    # ClanLib mailing list.", before <!-- clanlib footer begin -->): a center with a link
    # to classes.html or to the mailing list's contact page. (The footer is not always a
    # child of the body: the class pages leave <a name="#description"> open before their
    # description, and the parser nests the rest of the page in it.)
    if element.tag != "center":
        return False
    return any(
        (a.get("href") or "") in ("classes.html", "http://clanlib.org/contact.html")
        for a in element.iter("a")
    )


def _headerlink(element: lxml.html.HtmlElement) -> bool:
    # Sphinx's permalink beside every heading and definition (a.headerlink: "¶", or
    # "link" under the Bootstrap theme): a control, not the page's text.
    return element.tag == "a" and has_class(element, "headerlink")


def _pasdoc_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # Inside PasDoc's div.content: the page's own list of its sections under the title
    # (div.sections: links to "#PasDoc-Description", "#PasDoc-Methods", ..., and the names
    # of the empty ones without a link) and the "Generated by PasDoc 0.16.0." line
    # (span.appinfo). The navigation (div.navigation: the project's name, the indexes
    # and the search box) is outside.
    return (element.tag == "div" and has_class(element, "sections")) or (
        element.tag == "span" and has_class(element, "appinfo")
    )


def _xiph_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # Xiph.Org's hand-written pages put the text straight into the body: on the API
    # pages (libvorbis/, vorbisfile/, vorbisenc/) between the header table ("Vorbisfile
    # documentation", "vorbisfile version 1.3.2 - 20101101") and the footer table (the
    # copyright, "Ogg Vorbis" and the same two lines again), the tables whose cells hold
    # p.tiny; on the pages beside the index between the logo (div#xiphlogo) and the
    # copyright (div#copyright).
    if element.tag == "div":
        return element.get("id") in ("xiphlogo", "copyright")
    return element.tag == "table" and any(has_class(p, "tiny") for p in element.iter("p"))


def _agogo_content(element: lxml.html.HtmlElement) -> bool:
    # Sphinx's agogo theme: div.body[role=main], inside div.content-wrapper beside
    # div.sidebar (the site's contents and the search box); the header (the project's
    # name and the Contents/previous/next/index/Search/feedback links) and the footer
    # (the release, the copyright and the same links) are outside.
    return element.tag == "div" and has_class(element, "body") and _sphinx_main(element)


def _hyperlatex_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # Hyperlatex 2.6 writes each node of the manual into the body between the same
    # navigation table above and below the text (td[bgcolor=#99ccff]: the Next, Up and
    # Previous image buttons and the node's title in bold), and ends it with the
    # address, "Any comments/remarks? ... join the DR. GEO mailing list.".
    if element.tag == "address":
        return True
    return element.tag == "table" and any(
        (td.get("bgcolor") or "").lower() == "#99ccff" for td in element.iter("td")
    )


def _makedoc_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # Allegro 4's makedoc: the manual's chapters end with div.al-back-to-contents ("Back
    # to contents", after an hr), and open with the chapter's own list of its entries
    # (a ul whose links all go to "#..." on the page, each with its one-line summary);
    # the FAQ and the tools' pages open with the same list of their sections. The other
    # pages beside the manual (the index, the readme, the licence, ...) have no template.
    if element.tag == "div":
        return has_class(element, "al-back-to-contents")
    if element.tag != "ul" or any(a.tag == "ul" for a in element.iterancestors()):
        return False
    return _links_to_own_sections(element)


def _gevent_content(element: lxml.html.HtmlElement) -> bool:
    # gevent's own Sphinx theme: the document's div.body, in div.bodywrapper inside
    # div#splash's wide left column (div.col3big); the header (div#header: the logo and
    # the Blog/Code/Docs/... tabs), the right column (div.col3, whose own div.body holds
    # the sidebar: the page's contents, the previous and next topics, the search box)
    # and the footer (div#footer) are outside. There is no div[role=main].
    parent = element.getparent()
    return (
        element.tag == "div"
        and has_class(element, "body")
        and parent is not None
        and has_class(parent, "bodywrapper")
    )


def _gevent_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # The theme's "Next page: ..." line that closes the document's div.body.
    if element.tag != "p" or not len(element) or element[0].tag != "strong":
        return False
    return element[0].text_content().strip().startswith("Next page:")


def _sandcastle_content(element: lxml.html.HtmlElement) -> bool:
    return element.tag == "div" and element.get("id") == "mainBody"


def _dx_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # The IBM manuals' rows of bracketed links, "[ Bottom of Page | Previous Page | Next
    # Page | Table of Contents | Partial Table of Contents | Index ]" above and below the
    # text, the guides' row "[Data Explorer Documentation | QuickStart Guide | ...]", "[Data
    # Explorer Home Page]" and IBM's "[IBM Home Page | Order | Search | Contact IBM |
    # Legal]": a bold element of links whose text is in brackets; the OpenDX pages'
    # (the QuickStart Guide, the User's Guide and the User's Reference, whose header and
    # footer rows are images) "[ OpenDX Home at IBM | OpenDX.org ]", a small font's
    # bracketed links; and the book's title, the h1 opening every page of the
    # Programmer's Reference and the Installation Guide ("IBM Visualization Data Explorer
    # Programmer's Reference").
    if element.tag in ("b", "font"):
        text = element.text_content().strip()
        return text.startswith("[") and text.endswith("]") and element.find(".//a") is not None
    return _in_body(element, "h1") and element.text_content().strip().startswith(
        "IBM Visualization Data Explorer"
    )


def _skarnet_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # The paragraph of links that opens every page: the package's index ("s6"; on the
    # library's pages "libs6" and "s6" above it), "Software" and "skarnet.org".
    return _in_body(element, "p") and any(
        a.get("href") == "//skarnet.org/" for a in element.iter("a")
    )


def _linuxdoc_page(element: lxml.html.HtmlElement) -> bool:
    generator = element.getroottree().find(".//meta[@name='GENERATOR']")
    return generator is not None and (generator.get("content") or "").startswith("LinuxDoc")


def _layout_right_cell(element: lxml.html.HtmlElement) -> bool:
    """A cell after the first of a table straight in ``<body>`` (the table that lays a
    page written by hand out, its menu in the left cell)."""
    if element.tag != "td" or element.getprevious() is None:
        return False
    row = element.getparent()
    table = row.getparent() if row is not None else None
    if table is not None and table.tag == "tbody":
        table = table.getparent()
    return table is not None and table.getparent() is not None and table.getparent().tag == "body"


def _uml_content(element: lxml.html.HtmlElement) -> bool:
    # The website's pages: the right cell of the table that lays the page out (its left
    # cell the logo and the navigation's menus); the HOWTO's pages, LinuxDoc-Tools' HTML:
    # the body.
    if element.tag == "body":
        return _linuxdoc_page(element)
    return _layout_right_cell(element)


def _uml_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # LinuxDoc-Tools' Next, Previous and Contents links above and below the HOWTO's text.
    return _in_body(element, "a") and element.text_content().strip() in (
        "Next",
        "Previous",
        "Contents",
    )


def _funnelweb_content(element: lxml.html.HtmlElement) -> bool:
    # The right cell of the table that lays the page out (its left cell the logos and the
    # menu of the three manuals); the documentation's index page, without that table: the
    # body.
    if element.tag == "body":
        return not any(child.tag == "table" for child in element)
    return _layout_right_cell(element)


def _funnelweb_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # The small print below the text in the right cell: "Webmaster" and the copyright.
    return element.tag == "font" and any(
        child.tag == "a" and (child.get("href") or "").startswith("mailto:webmaster")
        for child in element
    )


def _munipack_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # The header (the logo, the title, the "Guide" and "Documents" buttons) and the footer
    # (the copyright, the author's address, the licence).
    return element.tag in ("header", "footer")


def _milter_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # The small print at the end of the body: the copyright and the licence's terms.
    return _in_body(element, "font") and "Copyright" in element.text_content()


def _aplus_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # The address line closing the chapters (the manual's address and the copyright), the
    # same small print on the keyboard's page ("Questions? Comments? Suggestions? Contact
    # ..."), the contents frame's box of links to the rest of the website ("Elsewhere on
    # the A+ website:") and the index frame's "APLUSDEV" link to the home page.
    if element.tag == "address":
        return True
    if element.tag == "font":
        return "Copyright" in element.text_content() and any(
            child.tag == "a" and child.get("href") == "mailto:doc@aplusdev.org" for child in element
        )
    if element.tag == "table":
        return element.text_content().strip().startswith("Elsewhere on the A+ website")
    return element.tag == "td" and element.text_content().strip() == "APLUSDEV"


def _element_siblings_before(element: lxml.html.HtmlElement) -> Iterator[lxml.html.HtmlElement]:
    # The element's preceding siblings, nearest first, without the harness' text wrappers
    # (a text straight in the body is a kehr-t sibling once the page is segmented).
    for sibling in element.itersiblings(preceding=True):
        if isinstance(sibling.tag, str) and sibling.tag != "kehr-t":
            yield sibling


AFTERSTEP_NAVIGATION = ("Preface", "Introduction", "Topic index", "Glossary")


def _afterstep_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # ASDocGen's pages write the text straight into the body; the template is the line of
    # links above it (Preface, Introduction, Topic index, Glossary; the open page's name in
    # bold instead of a link), the same line closing it with "Back to Top" and the
    # version's small print below; and on the reference's pages the run of links to the
    # related topics after the title (an empty anchor, "related", opens it).
    if not _in_body(element):
        return False
    text = " ".join(element.text_content().split())
    if element.tag == "p":
        return text.startswith(" ".join(AFTERSTEP_NAVIGATION)) or text.startswith(
            "AfterStep version"
        )
    if element.tag not in ("a", "b"):
        return False
    before = list(_element_siblings_before(element))
    if text in AFTERSTEP_NAVIGATION and all(s.tag in ("a", "b") for s in before):
        return True
    if element.tag != "a" or not element.get("href"):
        return False
    for sibling in before:
        if sibling.tag != "a":
            return False
        if sibling.get("name") == "related":
            return True
    return False


def _ctsim_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # Tex2RTF's pages write the text straight into the body; the template is the centred
    # line of links above it: Contents, Up, << and >>.
    return _in_body(element, "center") and any(
        a.get("href") == "ctsim_contents.html" for a in element.iter("a")
    )


def _evolver_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # The Surface Evolver's pages write the text straight into the body; the template is
    # the heading "Surface Evolver Documentation" above it, the links back to the top of
    # the documentation (or of the tutorial) and to the index above and below it, the
    # tutorial's "Next: ..." links and the "Author's home page." line.
    if not _in_body(element):
        return False
    text = " ".join(element.text_content().split())
    if element.tag == "h1":
        return text == "Surface Evolver Documentation"
    if element.tag == "a":
        return text.startswith(("Back to top of ", "Next")) or text in (
            "Index.",
            "Author's home page.",
        )
    return element.tag == "p" and text == "Author's home page."


def _sdf_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # SDF's pages: the header and the footer (the navigation's links, Contents, Parent
    # Topic, Previous Topic, Next Topic, Home and Catalog, and the logo); the text between
    # them in div.main, or div.title and the contents on a document's first page.
    return element.tag == "div" and (has_class(element, "header") or has_class(element, "footer"))


def _fox_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # The FOX Toolkit's pages (written by hand) write their text into the body under a
    # table of the logo and the page's title, with its "[Remove Frame]" link (the pages
    # are meant for the frameset's right frame), and close it with a table of the
    # copyright line; the frameset's menu frame (menu.html) is one layout table of the
    # site's links. PathFinder's page keeps an older layout: a table of the logo, the
    # title, a left column of the site's links (td[width=150]) beside the text, and an
    # address line of the copyright below it.
    text = " ".join(element.text_content().split())
    if element.tag == "a":
        return text == "[Remove Frame]"
    if element.tag in ("table", "address") and text.startswith("Copyright"):
        return True
    if element.tag == "td":
        return element.get("width") == "150" and element.get("bgcolor") == "#557faa"
    return element.tag == "table" and element.get("width") == "170"


def _mediawiki_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # Hugin's help, pages of the PanoTools wiki saved from MediaWiki (its Vector skin
    # without the sidebar, the tabs and the footer): inside div#content, the wiki's line
    # "From PanoTools.org Wiki" (div#siteSub), the "(Redirected from ...)" line
    # (div#contentSub), the "Retrieved from ..." line (div.printfooter) and the page's own
    # table of contents (div#toc, "Contents" and the numbered links to its headings).
    return element.tag == "div" and (
        element.get("id") in ("siteSub", "contentSub", "toc") or has_class(element, "printfooter")
    )


ANALOG_NAVIGATION = ("Top", "Up", "Prev", "Next", "Map", "Index")


def _text_just_before(element: lxml.html.HtmlElement) -> str:
    # The text right before ``element`` among its siblings: the previous sibling's tail,
    # or its text when it is one of the harness' text wrappers (a text straight in the
    # body once the page is segmented), or the parent's text before its first child.
    previous = element.getprevious()
    if previous is None:
        parent = element.getparent()
        return (parent.text or "") if parent is not None else ""
    if previous.tail and previous.tail.strip():
        return previous.tail
    return previous.text_content() if previous.tag == "kehr-t" else ""


def _analog_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # Analog's documentation (written by hand) writes its text straight into the body,
    # between a bracketed line of links, "[ Top | Up | Prev | Next | Map | Index ]",
    # above the title and the same line below the text, after the link to the Analog CE
    # home page and the author's address (his name and the date). The line's words that
    # lead nowhere on a page (Top, Up and Prev on the first) are plain text straight in
    # the body, and count with the text, as do the brackets, the bars and "Go to the".
    if not _in_body(element):
        return False
    if element.tag == "address":
        return True
    if element.tag != "a":
        return False
    text = " ".join(element.text_content().split())
    if text == "Analog CE home page":
        return True
    return text in ANALOG_NAVIGATION and _text_just_before(element).rstrip().endswith(("[", "|"))


SUN_NAVIGATION = ("Next", "Previous", "Up", "Contents")
SUN_NAVIGATION_LABELS = ("Next:", "Previous:", "Up:")


def _sun_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # TOPCAT's manual (Starlink User Note 253, from Starlink's own XML by its XSLT)
    # writes its text straight into the body, between two blocks of navigation, each
    # after a rule: the links Next, Previous, Up and Contents, then the lines "Next:",
    # "Up:" and "Previous:", each with its page's title as a link; and below them the
    # document's colophon (the tool's name, the note's number, the web page, the
    # author's and the mailing list's addresses) in italics.
    if not _in_body(element):
        return False
    text = " ".join(element.text_content().split())
    if element.tag == "i":
        return text.startswith("TOPCAT - Tool for OPerations")
    if element.tag == "b":
        return text in SUN_NAVIGATION_LABELS
    if element.tag != "a":
        return False
    if text in SUN_NAVIGATION:
        return True
    before = next(_element_siblings_before(element), None)
    return (
        before is not None
        and before.tag == "b"
        and " ".join(before.text_content().split()) in SUN_NAVIGATION_LABELS
    )


def _magic_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # Magic's command reference (written by hand) writes its text straight into the body
    # under a title of two images (no text); below it, after a rule drawn as an image, a
    # table of the link back to the command index ("Return to command index"; on the
    # index itself, the maintainer's e-mail address, an image beside "email:") and the
    # "Last updated: ..." line (inside a blockquote left open above them on some pages).
    if element.tag not in ("table", "p"):
        return False
    text = " ".join(element.text_content().split())
    if element.tag == "table":
        return text.startswith(("Return to command index", "email:"))
    return text.startswith("Last updated:")


def _docwriter_content(element: lxml.html.HtmlElement) -> bool:
    # FreeType's API reference (docwriter's Markdown under Material for MkDocs): the
    # article (article.md-content__inner); the header (the logo, the reference's and the
    # page's title, the search box), the two sidebars (the whole reference's menu and the
    # page's own table of contents) and the footer (the previous and next pages' links,
    # the copyright and "Made with Material for MkDocs") are outside.
    return element.tag == "article" and has_class(element, "md-content__inner")


def _docwriter_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # Inside the article: the breadcrumb above the title ("FreeType » Docs » Core API »
    # ...", the first paragraph, before a rule) and the "¶" permalinks beside every
    # heading (a.headerlink, as Sphinx's).
    if _headerlink(element):
        return True
    if element.tag != "p" or next(_element_siblings_before(element), None) is not None:
        return False
    parent = element.getparent()
    text = " ".join(element.text_content().split())
    return (
        parent is not None
        and has_class(parent, "md-content__inner")
        and text.startswith("FreeType » Docs")
    )


JAVADOC8_CONTAINERS = (
    "header", "contentContainer", "classUseContainer", "constantValuesContainer",
    "serializedFormContainer",
)  # fmt: skip


def _javadoc8_content(element: lxml.html.HtmlElement) -> bool:
    # The javadoc of JDK 8 (the classic layout, before JDK 9's header and main): the
    # page's title (div.header) and its text (div.contentContainer; on the "Uses of"
    # pages div.classUseContainer, on the constants' and the serialized form's pages
    # their own containers), straight in the body between the navigation bars (div.topNav
    # and div.subNav above, with "Skip navigation links", Prev/Next, Frames/No Frames, All
    # Classes and the jumps to the summaries and details; div.bottomNav below) and the
    # copyright line. The frameset (index.html, and again at every "Frames" link's
    # index.html?page) and the frames' lists of the packages and classes
    # (div.indexContainer) have no container.
    return element.tag == "div" and any(has_class(element, c) for c in JAVADOC8_CONTAINERS)


def _openstackdocs_content(element: lxml.html.HtmlElement) -> bool:
    # Sphinx under openstackdocstheme: the page's text (div.docs-body); the navbar, the
    # sidebar (the releases' menu and the project's contents), the row above the text
    # (the page's title again, as an h2, and the previous/next arrows), the "updated:"
    # bylines above and below it, the licence's row and OpenStack's footer of links
    # are outside.
    return element.tag == "div" and has_class(element, "docs-body")


def _openstackdocs_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # Inside div.docs-body: the "¶" permalinks beside every heading and definition and
    # the "[source]" links of the API pages to the module's source (span.viewcode-link).
    return _headerlink(element) or _viewcode_link(element)


def _plastex_content(element: lxml.html.HtmlElement) -> bool:
    # plasTeX writes a section's text into a div without a class straight in the body,
    # between its navigation (div.navigation, the icons' row with the book's title, at
    # the top and at the bottom) and breadcrumbs (div.breadcrumbs) above, and the list of
    # the section's subsections below (div.contents.section-contents). The title page
    # (index.html) holds the book's contents as div.contents.document-contents: there it
    # is the page's text.
    parent = element.getparent()
    bare = element.tag == "div" and not element.get("class")
    return (bare and parent is not None and parent.tag == "body") or (
        element.tag == "div" and has_class(element, "document-contents")
    )


def _guzzle_content(element: lxml.html.HtmlElement) -> bool:
    # Sphinx under the guzzle theme: the text is div.document.body in the right column
    # (no role=main); the related bars at the top and the bottom, the left column's
    # logo, search box and contents, the breadcrumbs (div[role=navigation]), the
    # previous and next links (div.footer-relations) and the footer are outside.
    return element.tag == "div" and has_class(element, "document") and has_class(element, "body")


def _celery_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # Inside div.body[role=main] of sphinx_celery's theme: the notice on every page that
    # the document is for the development version (div.deck), the "¶" permalinks and the
    # "[source]" links to the module's source (span.viewcode-link).
    deck = element.tag == "div" and has_class(element, "deck")
    return deck or _headerlink(element) or _viewcode_link(element)


def _sphinxdoc_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # Inside div.body[role=main] of the sphinxdoc theme: the "¶" permalinks and the
    # "[source]" links; the related bars, the sidebar and the footer are outside.
    return _headerlink(element) or _viewcode_link(element)


# GTK-Doc's page element straight in the body (AppStream's library references).
_GTKDOC_PAGES = ("book", "chapter", "refentry", "index", "glossary", "part", "reference")


def _daps_content(element: lxml.html.HtmlElement) -> bool:
    # DAPS writes a page's text into div#_content, between its header (the logo and the
    # breadcrumb), its toolbar (the book's contents in a bubble, the arrows) and its
    # fixed header above, and the footer line below. AppStream's API chapter links its
    # two library references, GTK-Doc's: there the page's div (div.book, div.chapter,
    # div.refentry, div.index, ...) straight in the body is the text, beside the
    # navigation table and div.footer.
    if element.tag != "div":
        return False
    if element.get("id") == "_content":
        return True
    classes = (element.get("class") or "").split()
    return _in_body(element) and any(name in _GTKDOC_PAGES for name in classes)


def _daps_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # Inside DAPS' div#_content: the "#" permalink beside every title (a.permalink), the
    # "Applies to AppStream 0.16" line above a chapter's title and the title page's
    # version line (.version-info), and the previous and next pages' links at the end
    # (div.page-bottom).
    return (
        (element.tag == "a" and has_class(element, "permalink"))
        or has_class(element, "version-info")
        or (element.tag == "div" and has_class(element, "page-bottom"))
    )


def _drf_content(element: lxml.html.HtmlElement) -> bool:
    # MkDocs under Django REST framework's theme: the text is div#main-content; the
    # navbar and its menus, the page's contents in the sidebar, the search dialog and
    # the footer are outside.
    return element.tag == "div" and element.get("id") == "main-content"


def _drf_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # Inside div#main-content: the links to the page's source files on GitHub above its
    # title (a.github, the file's name as a label).
    return element.tag == "a" and has_class(element, "github")


def _discord_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # Inside main[role=main] of discord.py's theme: the "¶" permalinks and the attribute
    # table above every class's members (div.py-attribute-table: their names, each a
    # link to its description below, an index of the page as Haddock's synopsis is).
    attributes = element.tag == "div" and has_class(element, "py-attribute-table")
    return attributes or _headerlink(element)


def _skimage_boilerplate(element: lxml.html.HtmlElement) -> bool:
    # Inside div.span9[role=main] of scikit-image's theme: the "¶" permalinks,
    # Sphinx-Gallery's note, download buttons and signature on every example, and the
    # API's "[source]" links.
    return _sphinx_gallery_boilerplate(element) or _viewcode_link(element)


SITES = [
    Site("python-3.11-docs", "python3.11-doc", Path("/usr/share/doc/python3.11/html"),
         "index.html", _sphinx_main, "inside the Sphinx body, div[role=main]", short="python",
         cap=300),
    Site("git-docs", "git-doc", Path("/usr/share/doc/git-doc"), "git.html",
         lambda e: e.get("id") == "content", "inside AsciiDoc's div#content", short="git"),
    Site("debian-reference", "debian-reference-en", Path("/usr/share/debian-reference"),
         "index.en.html", _body, "the DocBook body except div.navheader and div.navfooter",
         _docbook_navigation, short="debref"),
    Site("sphinx-docs", "sphinx-doc", Path("/usr/share/doc/sphinx-doc/html"), "index.html",
         _sphinx_main, "inside the Sphinx body, div[role=main]", short="sphinx"),
    Site("debian-handbook", "debian-handbook", Path("/usr/share/doc/debian-handbook/html"),
         "en-US/index.html", _handbook_body,
         "Publican: the book's div under body, not div#banner nor ul.docnav",
         lambda e: e.get("id") == "banner" or has_class(e, "docnav"), short="handbook"),
    # Added in the fourth session as unseen; their error lists were read while developing
    # and wireshark's prompted DBCE's 3-word shared text, so since the fifth session they
    # are developer sites.
    # Debian installs the manual per language (en/…/x.html, no content-negotiated
    # x.html.en), so the English pages are the crawl from en/index.html (wget
    # --no-parent) and the server sends them as text/html like any .html file.
    Site("apache2-manual", "apache2-doc", Path("/usr/share/doc/apache2-doc/manual"),
         "en/index.html", lambda e: e.get("id") == "page-content",
         "inside div#page-content, except div.toplang (languages), div#quickview "
         "(the page's topic and directive index) and div.top",
         _apache_boilerplate, short="apache"),
    Site("gtk3-reference", "libgtk-3-doc", Path("/usr/share/doc/libgtk-3-doc/gtk3"),
         "index.html", _body,
         "gtk-doc: the body except table.navigation and div.footer",
         _gtkdoc_boilerplate, short="gtk", cap=300),
    Site("sqlalchemy-docs", "python-sqlalchemy-doc",
         Path("/usr/share/doc/python-sqlalchemy-doc/html"), "index.html", _sphinx_main,
         "SQLAlchemy's Sphinx theme: inside div#docs-body[role=main]",
         short="sqlalchemy", cap=300),
    Site("wireshark-guide", "wireshark-doc",
         Path("/usr/share/doc/wireshark/wsug_html_chunked"), "index.html", _body,
         "DocBook (the User's Guide): the body except div.navheader and div.navfooter",
         _docbook_navigation, short="wireshark"),
    Site("developers-reference", "developers-reference",
         Path("/usr/share/developers-reference"), "index.html", _sphinx_main,
         "Sphinx (nature theme): inside div[role=main]", short="devref"),
    # Unseen: added in the fifth session as an evaluation only, from generators not used
    # above (texinfo, Haddock, javadoc, MkDocs, rustdoc); their gold rules were checked
    # on every crawled page before any method ran on them (see the module docstring).
    # The body, not texi2any's div.chapter (div.top, ...): the first page's title page
    # stands before its div.top. (Its redirection pages for nodes, a bare "The node you
    # are looking for is at ..." paragraph, are not linked from the crawled pages.)
    Site("zsh-manual", "zsh-doc", Path("/usr/share/doc/zsh-common/html"), "index.html",
         _body, "texi2any: the body except table.header (the navigation bars) and the "
         "footer's font[size=-1] lines", _texinfo_boilerplate, short="zsh", kind="unseen"),
    Site("megaparsec-haddock", "libghc-megaparsec-doc",
         Path("/usr/share/doc/libghc-megaparsec-doc/html"), "index.html",
         lambda e: e.get("id") == "content",
         "Haddock: inside div#content, except table.info (the module's copyright, "
         "licence, ... panel), div#table-of-contents, div#synopsis and the Source "
         "and # links", _haddock_boilerplate, short="megaparsec", kind="unseen"),
    Site("jsoup-api", "libjsoup-java-doc", Path("/usr/share/doc/libjsoup-java/api"),
         "index.html", lambda e: e.tag == "main",
         "javadoc (JDK 11): inside main[role=main]; the navigation bars are in "
         "header and footer", short="jsoup", kind="unseen", cap=150),
    Site("mkdocs-docs", "mkdocs-doc", Path("/usr/share/doc/mkdocs/html"), "index.html",
         lambda e: e.get("role") == "main",
         "MkDocs (its own theme): inside div.col-md-9[role=main]; the navbar, the "
         "table-of-contents sidebar and the footer are outside", short="mkdocs",
         kind="unseen"),
    # rustdoc of the syn crate (cargo-doc documents cargo's dependencies); --no-parent
    # keeps the crawl inside syn/ (not the source pages under src/).
    Site("syn-rustdoc", "cargo-doc", Path("/usr/share/doc/cargo/doc"), "syn/index.html",
         lambda e: e.get("id") == "main-content",
         "rustdoc: inside section#main-content, except a.srclink, span.out-of-band and "
         "summary.hideme (source links and toggles)",
         _rustdoc_boilerplate, short="syn", kind="unseen", cap=150),
    # Reserve: added in the sixth session, from generators none of the sites above uses
    # (Doxygen, qdoc, odoc, YARD, Erlang's erl_docgen); their gold rules were checked on
    # every crawled page, and they judged the content-container rule once (seventh
    # session, bench/reports/template-eval-reserve.json). The default run leaves them out.
    # Doxygen's index.html reaches one page (its menu is written by JavaScript), the
    # class list (annotated.html) every class, file and namespace page.
    Site("log4cplus-doxygen", "liblog4cplus-doc", Path("/usr/share/doc/liblog4cplus-dev/html"),
         "annotated.html", _doxygen_content, "Doxygen: div.headertitle (the title) and "
         "div.contents, except the \"More...\" jumps to the details", _more_link,
         short="log4cplus", kind="reserve", cap=150),
    Site("qtcharts-qdoc", "qtcharts5-doc-html", Path("/usr/share/qt5/doc/qtcharts"),
         "qtcharts-index.html", lambda e: e.tag == "div" and has_class(e, "mainContent"),
         "qdoc: inside div.mainContent, except div.sidebar (the page's contents) and "
         "the \"More...\" jump", _qdoc_boilerplate, short="qtcharts", kind="reserve"),
    Site("ocamlgraph-odoc", "libocamlgraph-ocaml-doc",
         Path("/usr/share/doc/libocamlgraph-ocaml-doc/html"), "ocamlgraph/index.html",
         lambda e: e.tag == "div" and has_class(e, "content"),
         "odoc: inside div.content, except its nav elements (the Up/breadcrumb line and "
         "the page's table of contents)", lambda e: e.tag == "nav", short="ocamlgraph",
         kind="reserve", cap=150),
    Site("yard-docs", "yard-doc", Path("/usr/share/doc/yard/doc"), "index.html",
         lambda e: e.get("id") == "content",
         "YARD: inside div#content, except the a.*_toggle (\"collapse\") links and the "
         "full lists' div#full_list_nav and div#search; the header's breadcrumb and "
         "search and the footer are outside", _yard_boilerplate,
         short="yard", kind="reserve", cap=150),
    # Erlang's STDLIB application (its version in the path: Debian 12's erlang-doc).
    Site("erlang-stdlib", "erlang-doc",
         Path("/usr/share/doc/erlang-doc/lib/stdlib-4.2/doc/html"), "index.html",
         lambda e: e.get("id") == "content",
         "erl_docgen: inside div#content, except div.footer (the copyright) and "
         "div.title-anchors; the top bar and the left navigation are outside",
         _erlang_boilerplate, short="erlang", kind="reserve"),
    # Fresh: added after the reserve sites judged the container rule, from generators none
    # of the sites above uses (gi-docgen, RDoc's Darkfish, GAPDoc, pydoctor), held back to
    # judge the next change; they judged the container's refinements (eighth session).
    # Their gold rules were checked beforehand, on every crawled page (module docstring).
    # Pango's own namespace (--no-parent keeps the crawl out of PangoCairo, PangoFc, ...).
    Site("pango-gidocgen", "libpango1.0-doc",
         Path("/usr/share/doc/libpango1.0-doc/reference/Pango"), "index.html",
         lambda e: e.tag == "section" and e.get("id") == "main",
         "gi-docgen: inside section#main, except a.srclink (\"[src]\"); the sidebar and "
         "div#toc are outside", _gidocgen_boilerplate, short="pango", kind="fresh", cap=150),
    Site("tioga-rdoc", "ruby-tioga-doc", Path("/usr/share/doc/ruby-tioga-doc/rdoc"),
         "index.html", lambda e: e.tag == "main",
         "RDoc (Darkfish): inside main, except span.method-click-advice (\"click to toggle "
         "source\"); the navigation and the footer are outside",
         _rdoc_boilerplate, short="tioga", kind="fresh"),
    # GAP's reference manual; the [MathJax on] switch links every chapter's _mj twin, so
    # the crawl holds both.
    Site("gap-reference", "gap-doc", Path("/usr/share/gap/doc/ref"), "chap0.html", _body,
         "GAPDoc: the body except the chapter links, the Top/Contents/Previous/Next rows, "
         "p#mathjaxlink, div.ChapSects (the chapter's contents) and p.foot",
         _gapdoc_boilerplate, short="gap", kind="fresh", cap=150),
    Site("twisted-pydoctor", "twisted-doc", Path("/usr/share/doc/twisted-doc/html/api"),
         "index.html", lambda e: e.get("id") == "main",
         "pydoctor: inside div#main, except the hidden banner and search results, "
         "div#showPrivate and the (source) and anchor links; the navbar, the sidebar and "
         "the footer are outside", _pydoctor_boilerplate, short="twisted", kind="fresh",
         cap=150),
    # Untouched: added in the ninth session, from generators none of the sites above uses
    # (Nim's docgen, SQLite's own docsrc, docutils under libvirt's page template,
    # ikiwiki), held back to judge the next change; they judged the site's container (ninth
    # session). Their gold rules were checked beforehand, on every crawled page.
    # Nim's standard library from its index (lib.html; index.html is the whole manual).
    Site("nim-docgen", "nim-doc", Path("/usr/share/doc/nim/html"), "lib.html", _nim_content,
         "Nim's docgen: inside div.container (the title and the text), except the sidebar "
         "(div.three.columns), the Source and Edit links (a.link-seesrc) and div.footer",
         _nim_boilerplate, short="nim", kind="untouched", cap=150),
    Site("sqlite-docs", "sqlite3-doc", Path("/usr/share/doc/sqlite3"), "index.html", _body,
         "SQLite's docsrc: the body except the header (the div.nosearch with the menus), "
         "div.fancy_toc (the page's contents), the \"last modified\" footer and the C "
         "interface's running head and \"See also lists\" line",
         _sqlite_boilerplate, short="sqlite", kind="untouched", cap=150),
    Site("libvirt-docs", "libvirt-doc", Path("/usr/share/doc/libvirt-doc/html"),
         "index.html", lambda e: e.tag == "div" and e.get("id") == "body",
         "docutils in libvirt's page template: inside div#body, except nav.contents (the "
         "page's contents), the API pages' \"Table of Contents\" and a.headerlink (\"¶\"); "
         "div#nav and div#footer are outside", _libvirt_boilerplate,
         short="libvirt", kind="untouched", cap=150),
    Site("ikiwiki-docs", "ikiwiki", Path("/usr/share/doc/ikiwiki/html"), "index.html",
         _ikiwiki_content, "ikiwiki: div#content[role=main] and the title (span.title); the "
         "parent links and the footer (tags, backlinks, date) are outside",
         short="ikiwiki", kind="untouched", cap=150),
    # Unread: added after the untouched sites judged the site's container, from generators
    # none of the sites above uses (Exim's website XSLT over its DocBook, Free Pascal's
    # fpdoc, Pike's autodoc, LaTeX2HTML), held back to judge the next change; they judged
    # the labels rule (eleventh session). Their gold rules were checked beforehand, on
    # every crawled page (see the module docstring).
    Site("exim-spec", "exim4-doc-html", Path("/usr/share/doc/exim4-doc-html/spec_html"),
         "index.html", lambda e: e.get("id") == "content",
         "Exim's website XSLT: inside div#content, except the previous/next/Table of "
         "Contents links and div#options (\"Expand/Collapse all Chapters\"); the header's "
         "menu and search, the footer and the contents tab are outside",
         _exim_boilerplate, short="exim", kind="unread"),
    # Free Pascal's generics unit (fgl); served from rtl/ since its links go up and back
    # (../fgl/x.html), and --no-parent keeps the crawl in fgl/.
    Site("fgl-fpdoc", "fp-docs-3.2.2", Path("/usr/share/doc/fp-docs/3.2.2/rtl"),
         "fgl/index.html", _body, "fpdoc: the body except table.bar (the unit's links) and "
         "a class's line of links to its member lists", _fpdoc_boilerplate,
         short="fgl", kind="unread", cap=150),
    # Pike's reference from its namespace's index. On a module's or a class's page the
    # navigation's list of its members is written by JavaScript (a noscript link to its
    # symbol index stays), so the crawl follows the index's links, the prev/next chain
    # and the symbol indexes.
    Site("pike-autodoc", "pike8.0-doc", Path("/usr/share/doc/pike8.0-doc/html/reference"),
         "index.html", lambda e: e.tag == "article",
         "Pike's autodoc: inside article (the title and the text); the header, the "
         "navigation bar (the module list, the path), the prev/next box and the footer "
         "are outside", short="pike", kind="unread", cap=150),
    Site("gnuplot-latex2html", "gnuplot-doc", Path("/usr/share/doc/gnuplot/htmldocs"),
         "index.html", _body, "LaTeX2HTML: the body except div.navigation (the panels) and "
         "a section's \"Subsections\" (the anchor and ul.ChildLinks)",
         _latex2html_boilerplate, short="gnuplot", kind="unread", cap=150),
    # Sealed: added in the twelfth session, after the unread sites judged the labels rule,
    # from generators none of the sites above uses (Tomcat's XSLT, MediaWiki, GRASS's
    # mkhtml.py, Gri's texinfo converter), held back to judge the next change; they judged
    # the short blocks outside the container (twelfth session). Their gold rules were
    # checked beforehand, on every crawled page (see the module docstring).
    # Tomcat's guide (its javadoc directories hold a stub page each; --no-parent from the
    # docs' root).
    Site("tomcat-docs", "tomcat10-docs", Path("/usr/share/tomcat10-docs/docs"), "index.html",
         lambda e: e.get("id") == "content", "Tomcat's XSLT: inside div#content, except the "
         "page's \"Table of Contents\" (the h3 and the div.text after it, when its links all "
         "go to the page's sections); the header, the left navigation and the footer are "
         "outside", _tomcat_boilerplate,
         short="tomcat", kind="sealed"),
    # The offline copy's English pages (--no-parent keeps the crawl in en/).
    Site("cppreference-mediawiki", "cppreference-doc-en-html",
         Path("/usr/share/cppreference/doc/html"), "en/Main_Page.html", _cppreference_content,
         "MediaWiki (cppreference.com's export): h1#firstHeading and div#mw-content-text, "
         "except div.t-navbar (the library's menus); the tagline, the breadcrumb and the "
         "\"Retrieved from\" footer are outside", lambda e: has_class(e, "t-navbar"),
         short="cppreference", kind="sealed", cap=150),
    Site("grass-manual", "grass-doc", Path("/usr/share/doc/grass-doc/html"), "index.html",
         lambda e: e.get("id") == "container", "GRASS's HTML (mkhtml.py): inside "
         "div#container, except the footer after the second hr.header, div.toc (the page's "
         "contents) and the \"SOURCE CODE\" section", _grass_boilerplate, short="grass",
         kind="sealed", cap=150),
    Site("gri-manual", "gri-html-doc", Path("/usr/share/doc/gri/html"), "index.html",
         _gri_content, "Gri's texinfo converter: the page's cell (td[width=500] of the "
         "\"top banner\" table); the chapters' cell and the banners are outside",
         short="gri", kind="sealed", cap=150),
    # Withheld: added in the twelfth session, after the sealed sites judged the short
    # blocks outside the container, from generators none of the sites above uses (GNU
    # makeinfo 6.8, BoostBook, Crystal's docs generator, ocamldoc), held back to judge the
    # next change; no method ran on them until they judged the text written into an
    # element (thirteenth session). Their gold rules were checked on every crawled page
    # (see the module docstring). The benches other than the judge refused them until the
    # unopened sites below took their place.
    Site("octave-makeinfo", "octave-doc", Path("/usr/share/doc/octave/octave.html"),
         "index.html", _body, "makeinfo 6.8: the body except div.header (the Next/Previous/"
         "Up line)", _makeinfo_boilerplate, short="octave", kind="withheld", cap=150),
    # Boost's BoostBook subset from its index (--no-parent keeps the crawl in doc/html/).
    Site("boost-boostbook", "libboost1.74-doc",
         Path("/usr/share/doc/libboost1.74-doc/doc/html"), "index.html", _boostbook_content,
         "BoostBook: the page's div under the body; the header's table, div.spirit-nav and "
         "the copyright footer are outside", short="boost", kind="withheld", cap=150),
    Site("crystal-docs", "crystal-doc", Path("/usr/share/doc/crystal/api-docs"),
         "index.html", lambda e: e.tag == "div" and has_class(e, "main-content"),
         "Crystal's docs generator: inside div.main-content, except a.method-permalink "
         "(\"#\"); the sidebar (the search box and the types list) is outside",
         lambda e: e.tag == "a" and has_class(e, "method-permalink"),
         short="crystal", kind="withheld", cap=150),
    Site("batteries-ocamldoc", "libbatteries-ocaml-doc",
         Path("/usr/share/doc/libbatteries-ocaml-doc/html/api"), "index.html", _body,
         "ocamldoc: the body except div.navbar (Previous/Up/Next)",
         lambda e: e.tag == "div" and has_class(e, "navbar"),
         short="batteries", kind="withheld", cap=150),
    # Unopened: added in the thirteenth session, after the withheld sites judged the text
    # written into an element, from generators none of the sites above uses (Scribble,
    # Macaulay2's documentation writer, LibreOffice's help XSLT, Vim's makehtml.awk), held
    # back to judge the next change; no method ran on them until they judged link
    # skeletons (fourteenth session). Their gold rules were checked on every crawled page
    # (see the module docstring). The benches other than the judge refused them until the
    # untried sites below took their place.
    # The Racket Guide (--no-parent keeps the crawl in guide/, out of the other manuals).
    Site("racket-scribble", "racket-doc", Path("/usr/share/doc/racket"), "guide/index.html",
         lambda e: e.tag == "div" and has_class(e, "main"),
         "Scribble: inside div.main, except div.navsettop and div.navsetbottom (top/"
         "contents/prev/up/next) and div.versionbox; the left column (the contents, \"On "
         "this page\") is outside", _scribble_boilerplate,
         short="racket", kind="unopened", cap=150),
    # The Macaulay2Doc package's pages (--no-parent keeps the crawl in its html/).
    Site("macaulay2-docs", "macaulay2-common", Path("/usr/share/doc/Macaulay2"),
         "Macaulay2Doc/html/index.html", _body, "Macaulay2's HTML: the body except what "
         "stands before the rule (the buttons row and the path)", _macaulay2_boilerplate,
         short="macaulay2", kind="unopened", cap=150),
    # Calc's help; its pages link from the help's root (<base href="../../../../">), so it
    # is served from there and --no-parent keeps the crawl in en-US/text/scalc/.
    Site("libreoffice-help", "libreoffice-help-en-us", Path("/usr/share/libreoffice/help"),
         "en-US/text/scalc/main0000.html", lambda e: e.get("id") == "DisplayArea",
         "LibreOffice's help XSLT: inside div#DisplayArea; the header (\"LibreOffice 7.4 "
         "Help\", the module menu), the Contents and Index asides and the debug footer are "
         "outside", short="libreoffice", kind="unopened", cap=150),
    Site("vim-help", "vim-doc", Path("/usr/share/doc/vim/html"), "index.html", _body,
         "Vim's makehtml.awk: the body except the \"main help file\" and \"top\" links",
         _vim_boilerplate, short="vim", kind="unopened", cap=150),
    # Untried: added in the fifteenth session, after the unopened sites judged link
    # skeletons, from generators none of the sites above uses (Asciidoctor, mdBook,
    # Scaladoc, Valadoc), held back to judge the next change; no method ran on them until
    # they judged headings without a link skeleton (fifteenth session). Their gold rules
    # were checked on every crawled page (see the module docstring). The benches other
    # than the judge refused them until the unvisited sites below took their place.
    Site("ntpsec-asciidoctor", "ntpsec-doc", Path("/usr/share/doc/ntpsec-doc/html"),
         "index.html", lambda e: e.tag == "div" and e.get("id") in ("header", "content"),
         "Asciidoctor: div#header (the title) and div#content, except the menus' headings "
         "and link lists (\"Related Links\", \"Manual Pages\", \"Table of Contents\") and "
         "the Home Page/Site Map/Contacts table; the \"Last updated\" footer is outside",
         _ntpsec_boilerplate, short="ntpsec", kind="untried"),
    # The Rust Reference; its print.html (the whole book on one page, linked from the menu
    # bar's printer icon) is crawled too.
    Site("rust-reference-mdbook", "rust-doc", Path("/usr/share/doc/rust-doc/html/reference"),
         "index.html", lambda e: e.tag == "main",
         "mdBook: inside main; the sidebar (the book's chapters), the menu bar (the themes, "
         "the book's title) and the previous/next arrows are outside",
         short="rustref", kind="untried", cap=150),
    # Scala 2.11's actors library (the standard library's pages are some 240 kB each);
    # --no-parent keeps the crawl in scala/actors/, out of the letter indexes.
    Site("scala-scaladoc", "scala-doc", Path("/usr/share/doc/scala-2.11/api/actors"),
         "scala/actors/package.html", _body, "Scaladoc: the body except the path "
         "(p#owner), the \"Related Docs\" links (span.morelinks), the members' filter "
         "(div#mbrsel) and div#footer", _scaladoc_boilerplate,
         short="scala", kind="untried", cap=150),
    # folks' Vala API, in Valadoc's devhelp layout (index.htm).
    Site("folks-valadoc", "libfolks-doc", Path("/usr/share/devhelp/books/folks"), "index.htm",
         lambda e: e.tag == "div" and has_class(e, "site_content"),
         "Valadoc (devhelp): inside div.site_content; the header (\"... - folks Reference "
         "Manual\") and the \"Generated by valadoc\" footer are outside",
         short="folks", kind="untried", cap=150),
    # Unvisited: added in the sixteenth session, after the untried sites judged headings
    # without a link skeleton, from generators none of the sites above uses (LDoc,
    # libxml2's own site XSLT, pandoc under Allegro's template, GNUstep's autogsdoc), held
    # back to judge the next change; no method ran on them until they judged headings
    # apart (sixteenth session). Their gold rules were checked on every crawled page (see
    # the module docstring). The benches other than the judge refused them until the
    # unexplored sites below took their place.
    Site("awesome-ldoc", "awesome-doc", Path("/usr/share/doc/awesome/doc"), "index.html",
         _ldoc_content, "LDoc: inside div#content; the navigation (the contents, the "
         "modules' and classes' links) and the \"generated by LDoc\" line are outside",
         short="awesome", kind="unvisited", cap=150),
    # libxml2's website as the package ships it: the pages of site.xsl and the API
    # reference of newapi.xsl (html/), and the tutorial's DocBook pages (tutorial/),
    # which the menu links but which have no cell of the site's.
    Site("libxml2-site", "libxml2-doc", Path("/usr/share/doc/libxml2/html"), "index.html",
         _libxml2_content, "libxml2's site XSLT: the banner's h2 (the title) and the text's "
         "cell (td[bgcolor=#fffacd] outside the left column's menus), except the closing "
         "signature and the API pages' table.navigation and \"Table of Contents\" (the h2 "
         "and its pre list)",
         _libxml2_boilerplate, short="libxml2", kind="unvisited", cap=150),
    Site("allegro5-pandoc", "allegro5-doc", Path("/usr/share/doc/allegro5-doc/refman"),
         "index.html", lambda e: e.tag == "div" and has_class(e, "content"),
         "pandoc (Allegro's template): inside div.content, except nav#TOC (the page's "
         "contents), the \"Source Code\" links and p.timestamp; the sidebar is outside",
         _allegro_boilerplate, short="allegro", kind="unvisited", cap=150),
    # GNUstep Base's reference (--no-parent keeps the crawl in Base/Reference/).
    Site("gnustep-autogsdoc", "gnustep-base-doc",
         Path("/usr/share/GNUstep/Documentation/Developer/Base/Reference"), "Base.html",
         _body, "autogsdoc: the body except the \"Up\" links and the \"Contents -\" box",
         _autogsdoc_boilerplate, short="gnustep", kind="unvisited", cap=150),
    # Unexplored: added in the seventeenth session, after the unvisited sites judged
    # headings apart, from generators none of the sites above uses (texi2html under
    # LilyPond's init, Spectre.css's Pug templates) or in a layout none of them has (Sphinx
    # under pydata-sphinx-theme and under Emscripten's Read the Docs theme), held back to
    # judge the next change; no method ran on them until they judged what lies inside the
    # container (seventeenth session); spent since. Their gold rules were checked on
    # every crawled page (see the module docstring). The benches other than the judge
    # refused them until the uncharted sites below took their place.
    # LilyPond's Learning Manual (--no-parent keeps the crawl in learning/, out of the
    # other manuals its pages link).
    Site("lilypond-texi2html", "lilypond-doc-html",
         Path("/usr/share/doc/lilypond/html/Documentation"), "learning/index.html",
         lambda e: e.tag == "div" and e.get("id") == "main",
         "texi2html (LilyPond's init): inside div#main, except table.nav_table (the "
         "navigation above and below the text) and div#footer; div#tocframe (the manual's "
         "contents) is outside", _lilypond_boilerplate,
         short="lilypond", kind="unexplored", cap=150),
    # Spectre.css's docs; their start page, index.html, is the landing page, without the
    # docs' layout (not scored).
    Site("spectre-pug", "libjs-spectre-docs", Path("/usr/share/doc/libjs-spectre-docs/docs"),
         "index.html", lambda e: e.tag == "div" and e.get("id") == "content",
         "Spectre.css's Pug layout: inside div#content, except a.anchor (\"#\"), "
         "div.docs-ad and div.docs-footer; the navbar and the sidebar are outside",
         _spectre_boilerplate, short="spectre", kind="unexplored", cap=150),
    # pandas' API reference (--no-parent keeps the crawl in reference/: from index.html,
    # the general index's one-line stubs fill the first 150 pages).
    Site("pandas-pydata", "python-pandas-doc", Path("/usr/share/doc/python-pandas-doc/html"),
         "reference/index.html", lambda e: e.tag == "main",
         "Sphinx (pydata-sphinx-theme): inside main, except div.prev-next-area and the "
         "\"[source]\" links; the navbar, the sidebar, \"On this page\" and the footer are "
         "outside", _pydata_boilerplate, short="pandas", kind="unexplored", cap=150),
    Site("emscripten-rtd", "emscripten-doc", Path("/usr/share/doc/emscripten-doc/html"),
         "index.html", _sphinx_main,
         "Sphinx (Emscripten's Read the Docs theme): inside div[role=main]; the sidebar "
         "(the site's contents), the top bar, the breadcrumbs and the footer (previous/next, "
         "the project's links) are outside", short="emscripten", kind="unexplored", cap=150),
    # Uncharted: added in the eighteenth session, after the unexplored sites judged what lies
    # inside the container, from generators none of the sites above uses (Jade's Modular DocBook
    # DSSSL stylesheets, MLRISC's mltex2html, MHonArc's pages written by hand around their
    # navigation) or in a layout none of them has (Sphinx under Furo), held back to judge the next
    # change: they judged the footer after the page's text (nineteenth session). Their gold
    # rules were checked on every crawled page (see the module docstring). The benches other
    # than the judge refused them until the unmapped sites below took their place.
    # The stylesheets' documentation: the index, the stand-alone documents beside it
    # (written outside the chunks' navigation: their text is all content) and the
    # chunked html/, print/ and lib/ references.
    Site("docbook-dsssl", "docbook-dsssl-doc", Path("/usr/share/doc/docbook-dsssl-doc/doc"),
         "index.html", _body, "Jade's Modular DocBook HTML stylesheets: the body except "
         "div.NAVHEADER and div.NAVFOOTER (the document's title, Prev/Home/Next/Up)",
         _dsssl_boilerplate, short="dsssl", kind="uncharted", cap=150),
    Site("sympy-furo", "python-sympy-doc", Path("/usr/share/doc/python-sympy-doc/html"),
         "index.html", _furo_content,
         "Sphinx (Furo): inside article[role=main], except the \"[source]\" links; the "
         "header, the sidebar (the site's tree), the previous/next links, the footer and "
         "\"On this page\" are outside", _furo_boilerplate,
         short="sympy", kind="uncharted", cap=150),
    Site("mlrisc-mltex2html", "smlnj-doc", Path("/usr/share/doc/smlnj-doc/mlrisc"),
         "index.html", _mltex2html_content, "mltex2html: the page's cell (the body table's "
         "td[valign=top] without a width) except the footer table (the authors, \"Generated "
         "by mltex2html\", \"Last modified\") and the rule above it; the contents cell is "
         "outside", _mltex2html_boilerplate, short="mlrisc", kind="uncharted", cap=150),
    Site("mhonarc-docs", "mhonarc", Path("/usr/share/doc/mhonarc"), "index.html", _body,
         "MHonArc's pages: the body except the navigation after <!--x-rc-nav--> and "
         "<!--X-NavButtons-Start-->, the footer's address and the page's own table of "
         "contents (the list under h1 whose links all go to \"#...\")",
         _mhonarc_boilerplate, short="mhonarc", kind="uncharted", cap=150),
    # Unmapped: added in the nineteenth session, after the uncharted sites judged the footer
    # after the page's text, from generators none of the sites above uses (Arm_Form, the
    # Ada Reference Manual's formatter; the SELinux Reference Policy's sedoctool.py;
    # ClanLib's own reference generator) or in a layout none of them has (Sphinx under
    # the haiku theme), which judged the table of contents (twentieth session) and are
    # spent as judges since. Their gold rules were checked on every crawled page (see
    # the module docstring). The benches other than the judge refused them until the
    # unsurveyed sites below took their place.
    # The Ada 202x Reference Manual (Draft 25), not the annotated one beside it
    # (aarm2020.html), from its table of contents.
    Site("ada-armform", "ada-reference-manual-2020",
         Path("/usr/share/doc/ada-reference-manual-2020/arm2020.html"), "rm-TOC.html", _body,
         "Arm_Form: the body except the title line (\"Ada Reference Manual ... Legal "
         "Information\"), the rows of image buttons above and below the text and the "
         "sponsor's line (\"... sponsored in part by Ada-Europe\")", _armform_boilerplate,
         short="ada", kind="unmapped", cap=150),
    Site("selinux-sedoctool", "selinux-policy-doc", Path("/usr/share/doc/selinux-policy-doc/html"),
         "index.html", lambda e: e.tag == "div" and e.get("id") == "Content",
         "the Reference Policy's sedoctool.py: inside div#Content, except its links to "
         "the page's own sections (\"Interfaces\", \"Templates\", ...) and the "
         "\"Return\" links to the top; div#Header and div#Menu (the layers and their "
         "modules, the indexes) are outside", _sedoctool_boilerplate,
         short="selinux", kind="unmapped", cap=150),
    # ClanLib 1.0's reference (--no-parent keeps the crawl in Reference/html/); from the
    # list of classes, since its index.html is the 330 kB index of every member.
    Site("clanlib-reference", "clanlib-doc", Path("/usr/share/doc/clanlib-doc/Reference/html"),
         "classes.html", _body, "ClanLib's reference generator: the body except the "
         "centred bar (Home | All Classes | Grouped Classes | Index | Search) and the "
         "centred footer (\"Questions or comments, write to the ClanLib mailing list.\")",
         _clanlib_boilerplate, short="clanlib", kind="unmapped", cap=150),
    Site("clang-haiku", "clang-15-doc", Path("/usr/share/doc/clang-15/html"), "index.html",
         _haiku_content, "Sphinx (haiku): inside div.content[role=main]; the header (the "
         "project's and the page's titles), the top and bottom navigation (previous, "
         "Contents, next) and the footer are outside", short="clang", kind="unmapped",
         cap=150),
    # Unsurveyed: added in the twenty-first session, after the unmapped sites judged the
    # table of contents, from generators none of the sites above uses (PasDoc; Xiph.Org's
    # pages written by hand around their header and footer tables) or in layouts none of
    # them has (Sphinx under the Bootstrap theme and under the agogo theme), which judged
    # numbers between paragraphs (twenty-first session) and are spent as judges since.
    # Their gold rules were checked on every crawled page (see the module docstring). The
    # benches other than the judge refused them until the untrodden sites below took
    # their place.
    Site("renpy-bootstrap", "renpy-doc", Path("/usr/share/doc/renpy/html"), "index.html",
         _sphinx_main, "Sphinx (Bootstrap): inside div.body[role=main], except the "
         "headings' \"link\" permalinks (a.headerlink); the navbar (the site's menu, the "
         "search box), the sidebar (the page's contents) and the footer are outside",
         _headerlink, short="renpy", kind="unsurveyed", cap=150),
    # Castle Game Engine's API reference (PasDoc 0.16); its other directories are the
    # website's assets.
    Site("castle-pasdoc", "castle-game-engine-doc",
         Path("/usr/share/doc/castle-game-engine-doc/reference"), "index.html",
         lambda e: e.tag == "div" and has_class(e, "content"),
         "PasDoc: inside div.content, except div.sections (the page's own list of its "
         "sections) and span.appinfo (\"Generated by PasDoc\"); div.navigation (the "
         "indexes, the search box) is outside", _pasdoc_boilerplate,
         short="castle", kind="unsurveyed", cap=150),
    # libvorbis' documentation as libvorbis-dev ships it: the index, the specification's
    # pages beside it and the three libraries' API references.
    Site("vorbis-xiph", "libvorbis-dev", Path("/usr/share/doc/libvorbis-dev/html"),
         "index.html", _body, "Xiph.Org's pages (written by hand): the body except the "
         "header and footer tables (\"Vorbisfile documentation\", the version, the "
         "copyright) and, on the pages beside the index, div#xiphlogo and div#copyright",
         _xiph_boilerplate, short="vorbis", kind="unsurveyed", cap=150),
    Site("krb5-agogo", "krb5-doc", Path("/usr/share/doc/krb5-doc"), "index.html",
         _agogo_content, "Sphinx (agogo): inside div.body[role=main], except the "
         "headings' \"¶\" permalinks (a.headerlink); the header, the sidebar (the "
         "site's contents, the search box) and the footer are outside", _headerlink,
         short="krb5", kind="unsurveyed", cap=150),
    # Untrodden: added in the twenty-first session, after the unsurveyed sites judged
    # numbers between paragraphs, from generators none of the sites above uses
    # (Hyperlatex; Allegro 4's makedoc) or in a layout none of them has (Sphinx under
    # gevent's own theme), which judged lines in the page's flow (twenty-second session)
    # and are spent as judges since. Their gold rules were checked on every crawled page
    # (see the module docstring). The benches other than the judge refused them until
    # the unwalked sites below took their place.
    # Dr. Geo's English manual (help/c/; the other directories are its translations).
    Site("drgeo-hyperlatex", "drgeo-doc", Path("/usr/share/drgeo/help/c"), "drgenius.html",
         _body, "Hyperlatex: the body except the navigation tables above and below the "
         "text (the Next, Up and Previous buttons and the node's title) and the address "
         "(\"Any comments/remarks? ...\")", _hyperlatex_boilerplate,
         short="drgeo", kind="untrodden", cap=150),
    Site("allegro4-makedoc", "allegro4-doc", Path("/usr/share/doc/allegro4-doc/html"),
         "index.html", _body, "Allegro 4's makedoc: the body except div.al-back-to-contents "
         "(\"Back to contents\") and the page's own list of its entries or sections (a ul "
         "of links to \"#...\" only)", _makedoc_boilerplate,
         short="allegro4", kind="untrodden", cap=150),
    Site("gevent-sphinx", "python-gevent-doc", Path("/usr/share/doc/python-gevent-doc/html"),
         "index.html", _gevent_content, "Sphinx (gevent's own theme): the document's div.body "
         "(in div.bodywrapper), except the closing \"Next page: ...\" line; the header's "
         "tabs, the right column (the sidebar) and the footer are outside; the headings' "
         "\"\u00b6\" permalinks are content, as in the developer Sphinx sites",
         _gevent_boilerplate, short="gevent", kind="untrodden", cap=150),
    # Unwalked: added in the twenty-second session, after the untrodden sites judged lines
    # in the page's flow, from generators none of the sites above uses (Sandcastle; IBM's
    # HTML of its Data Explorer manuals; skarnet.org's and User-mode Linux's pages written
    # by hand, the latter beside LinuxDoc-Tools' HOWTO); no method ran on them until they
    # judged the version of lines in the page's flow kept (twenty-second session), and
    # they are spent as judges since. Their gold rules were checked on every crawled page
    # (see the module docstring). The benches other than the judge refused them until the
    # unclimbed sites below took their place.
    # Berkeley DB 5.3's .NET API reference (Sandcastle's vs2005 presentation); from the
    # namespace's page, which lists every type (Index.html is the tree's frameset).
    Site("dbnet-sandcastle", "db5.3-doc", Path("/usr/share/doc/db5.3-doc/csharp/html"),
         "N_BerkeleyDB.htm", _sandcastle_content, "Sandcastle (vs2005): inside div#mainBody; "
         "div#header (the running header \"Berkeley DB .NET API Documentation\", the page's "
         "title, its links and the language filter) and div#footer (the feedback line and "
         "the copyright) are outside", short="dbnet", kind="unwalked", cap=150),
    # Data Explorer's manuals (the five guides under pages/ and their tables of contents);
    # from the User's Guide's contents (index.htm is an image map).
    Site("dx-ibmdoc", "dx-doc", Path("/usr/share/doc/dx/html"), "usrguide.htm", _body,
         "IBM's HTML of the Data Explorer 4.4 manuals: the body except the bracketed rows of "
         "links above and below the text ([ Bottom of Page | Previous Page | Next Page | "
         "...], the guides' and IBM's rows) and the guide's title opening each page",
         _dx_boilerplate, short="dx", kind="unwalked", cap=150),
    Site("s6-skarnet", "s6-doc", Path("/usr/share/doc/s6"), "index.html", _body,
         "skarnet.org's pages (written by hand): the body except the opening paragraph of "
         "links (\"s6\", \"Software\", \"skarnet.org\")", _skarnet_boilerplate,
         short="s6", kind="unwalked", cap=150),
    # User-mode Linux's website as the package keeps it, and its HOWTO (LinuxDoc-Tools).
    Site("uml-site", "user-mode-linux-doc", Path("/usr/share/doc/user-mode-linux-doc/html"),
         "index.html", _uml_content, "User-mode Linux's website (written by hand): the right "
         "cell of the page's layout table; its left cell (the logo and the menus) and the "
         "\"Hosted at\" line below it are outside; on the HOWTO's pages (LinuxDoc-Tools) the "
         "body except the Next, Previous and Contents links above and below the text",
         _uml_boilerplate, short="uml", kind="unwalked", cap=150),
    # Unclimbed: added in the twenty-second session, after the unwalked sites judged the
    # version of lines in the page's flow kept; no method ran on them until they judged
    # lines before nested text (twenty-third session), and they are spent as judges since.
    # Their gold rules were checked on every crawled page (see the module docstring). The
    # benches other than the judge refused them until the unforded sites below took their
    # place.
    # The A+ Reference Manual (a frameset; the chapters' text straight in the body).
    Site("aplus-reference", "aplus-fsf-doc", Path("/usr/share/doc/aplus-fsf-doc/html"),
         "index.html", _body, "the A+ Reference Manual (a frameset; each chapter's text "
         "straight in the body): the body except the address line closing it (the same small "
         "print on the keyboard's page), the contents frame's box \"Elsewhere on the A+ "
         "website:\" and the index frame's \"APLUSDEV\" link",
         _aplus_boilerplate, short="aplus", kind="unclimbed", cap=150),
    # Sendmail's milter API (written by hand): the text straight in the body.
    Site("milter-api", "sendmail-doc", Path("/usr/share/doc/sendmail-doc/libmilter/html"),
         "index.html", _body, "Sendmail's milter API (written by hand; the text straight in "
         "the body): the body except the small print closing it (the copyright)",
         _milter_boilerplate, short="milter", kind="unclimbed", cap=150),
    # Munipack's documentation (HTML5's header and footer around the text).
    Site("munipack-site", "munipack-doc", Path("/usr/share/doc/munipack"), "munipack.html",
         _body, "Munipack's pages: the body except the header (the logo, the title and the "
         "buttons) and the footer (the copyright)", _munipack_boilerplate, short="munipack",
         kind="unclimbed", cap=150),
    # FunnelWeb's three manuals (written by hand, a layout table).
    Site("funnelweb-manuals", "funnelweb-doc", Path("/usr/share/doc/funnelweb-doc"),
         "index.html", _funnelweb_content, "FunnelWeb's manuals (written by hand): the right "
         "cell of the page's layout table, without the small print below the text "
         "(\"Webmaster\" and the copyright); its left cell (the logos and the manuals' menu) "
         "is outside; on the documentation's index page, the body",
         _funnelweb_boilerplate, short="funnelweb", kind="unclimbed", cap=150),
    # Unforded: added in the twenty-third session, after the unclimbed sites judged lines
    # before nested text; no method ran on them until they judged short blocks in a
    # navigation landmark (twenty-fourth session), and they are spent as judges since.
    # Their gold rules were checked on every crawled page (see the module docstring). The
    # benches other than the judge refused them until the unsailed sites below took their
    # place.
    # AfterStep's documentation (ASDocGen; the text straight in the body).
    Site("afterstep-asdocgen", "afterstep-data", Path("/usr/share/doc/afterstep-data/html"),
         "index.html", _body, "AfterStep's documentation (ASDocGen; the text straight in "
         "the body): the body except the line of links above and below the text (Preface, "
         "Introduction, Topic index, Glossary), the version's small print and the run of "
         "links to the related topics after the title",
         _afterstep_boilerplate, short="afterstep", kind="unforded", cap=150),
    # CTSim's User Manual (Tex2RTF; the text straight in the body).
    Site("ctsim-tex2rtf", "ctsim-doc", Path("/usr/share/doc/ctsim/html"), "index.html",
         _body, "CTSim's User Manual (Tex2RTF; the text straight in the body): the body "
         "except the centred line of links above the text (Contents, Up, << and >>)",
         _ctsim_boilerplate, short="ctsim", kind="unforded", cap=150),
    # The Surface Evolver's documentation (written by hand; the text straight in the body).
    Site("evolver-manual", "evolver-doc", Path("/usr/share/doc/evolver/html"), "evolver.htm",
         _body, "the Surface Evolver's documentation (written by hand; the text straight in "
         "the body): the body except the heading \"Surface Evolver Documentation\", the "
         "links back to the top and to the index above and below the text, the tutorial's "
         "\"Next\" links and the author's home page",
         _evolver_boilerplate, short="evolver", kind="unforded", cap=150),
    # SDF's documentation (SDF 2.001's HTML: header, text, footer).
    Site("sdf-docs", "sdf-doc", Path("/usr/share/doc/sdf"), "index.html", _body,
         "SDF's documentation (its own HTML): the body except div.header and div.footer "
         "(the navigation's links and the logo); the text in div.main, or div.title and "
         "the contents on a document's first page", _sdf_boilerplate, short="sdf",
         kind="unforded", cap=150),
    # Unsailed: added in the twenty-fourth session, after the unforded sites judged short
    # blocks in a navigation landmark; no method ran on them until they judged headings
    # with their text (twenty-fifth session), and they are spent as judges since. Their
    # gold rules were checked on every crawled page (see the module docstring). The
    # benches other than the judge refused them until the uncrossed sites below took
    # their place.
    # The Synthesis ToolKit's reference (Doxygen 1.9.1 under STK's own header and footer).
    Site("stk-doxygen", "stk-doc", Path("/usr/share/doc/stk/html"), "index.html",
         _doxygen_content, "Doxygen under STK's own header (the three logos and the line "
         "of links, Home ... Tutorial) and footer (the toolkit's name and the copyright): "
         "div.headertitle (the title) and div.contents, except the \"More...\" jumps to the "
         "details", _more_link, short="stk", kind="unsailed", cap=150),
    # XOM's API (javadoc, JDK 17).
    Site("xom-javadoc", "libxom-java-doc", Path("/usr/share/doc/libxom-java/apidocs"),
         "index.html", lambda e: e.tag == "main",
         "javadoc (JDK 17): inside main[role=main]; the navigation bars are in header, "
         "the copyright in footer", short="xom", kind="unsailed", cap=150),
    # The FOX Toolkit's website (written by hand; a frameset of a menu and the pages).
    Site("fox-site", "libfox-1.6-doc", Path("/usr/share/doc/libfox-1.6-doc/html"),
         "fox.html", _body, "the FOX Toolkit's website (written by hand; a frameset of the "
         "logo's, the menu's and the page's frames): the body except the \"[Remove Frame]\" "
         "link beside the title, the copyright's table (an address line on PathFinder's "
         "page) and the menu frame's table of links",
         _fox_boilerplate, short="fox", kind="unsailed", cap=150),
    # Hugin's help (pages of the PanoTools wiki saved from MediaWiki 1.31).
    Site("hugin-mediawiki", "hugin-data", Path("/usr/share/hugin/xrc/data/help_en_EN"),
         "Hugin.html", lambda e: e.tag == "div" and e.get("id") == "content",
         "MediaWiki 1.31 (the PanoTools wiki's pages, saved for Hugin's help): inside "
         "div#content, except the lines \"From PanoTools.org Wiki\", \"(Redirected from "
         "...)\" and \"Retrieved from ...\" and the page's own table of contents (div#toc)",
         _mediawiki_boilerplate, short="hugin", kind="unsailed", cap=150),
    # Uncrossed: added in the twenty-fifth session, after the unsailed sites judged
    # headings with their text; no method ran on them until they judged the page's title
    # alone (twenty-sixth session), and they are spent as judges since. Their gold rules
    # were checked on every crawled page (see the module docstring). The benches other
    # than the judge refused them until the unflown sites below took their place.
    # Analog's documentation (written by hand; the text straight in the body).
    Site("analog-docs", "analog", Path("/usr/share/doc/analog/docs"), "Readme.html", _body,
         "Analog's documentation (written by hand; the text straight in the body): the "
         "body except the links of the bracketed line above and below the text (Top, Up, "
         "Prev, Next, Map, Index), the link to the Analog CE home page and the author's "
         "address", _analog_boilerplate, short="analog", kind="uncrossed", cap=150),
    # TOPCAT's manual (SUN 253, Starlink's XML by its own XSLT; the text in the body).
    Site("topcat-sun", "topcat-doc", Path("/usr/share/doc/topcat/sun253"), "index.html",
         _body, "TOPCAT's manual, Starlink User Note 253 (Starlink's own XML by its XSLT; "
         "the text straight in the body): the body except the two blocks of navigation "
         "above and below the text (Next, Previous, Up, Contents; the \"Next:\", \"Up:\" "
         "and \"Previous:\" lines with their links) and the colophon in italics",
         _sun_boilerplate, short="topcat", kind="uncrossed", cap=150),
    # Magic's command reference (written by hand; the text straight in the body).
    Site("magic-commands", "magic", Path("/usr/share/doc/magic/html"), "commands.html",
         _body, "Magic's command reference (written by hand; the text straight in the "
         "body): the body except the table of the link back to the command index (the "
         "e-mail address's on the index) and the \"Last updated\" line",
         _magic_boilerplate, short="magic", kind="uncrossed", cap=150),
    # SFML's reference (Doxygen 1.9.1 between SFML's banner and footer).
    Site("sfml-doxygen", "libsfml-doc", Path("/usr/share/doc/libsfml-dev/html"),
         "index.html", _doxygen_content, "Doxygen between SFML's banner (the library's "
         "name and version) and footer (the licence, the copyright and the generator): "
         "div.headertitle (the title) and div.contents, except the \"More...\" jumps to "
         "the details; Doxygen's tabs and breadcrumb are outside",
         _more_link, short="sfml", kind="uncrossed", cap=150),
    # Unflown: added in the twenty-sixth session, after the uncrossed sites judged the
    # page's title alone; no method ran on them until they judged DBCE's short blocks
    # (twenty-sixth session), and they are spent as judges since. Their gold rules were
    # checked on every crawled page (see the module docstring). The benches other than the
    # judge refused them until the unridden sites below took their place.
    # FreeType's API reference (docwriter's Markdown under Material for MkDocs).
    Site("freetype-mkdocs-material", "freetype2-doc",
         Path("/usr/share/doc/libfreetype-dev/reference"), "index.html", _docwriter_content,
         "Material for MkDocs (FreeType's docwriter): article.md-content__inner, except the "
         "breadcrumb above the title and the \"¶\" permalinks; the header, the two sidebars "
         "and the footer are outside", _docwriter_boilerplate, short="freetype",
         kind="unflown", cap=150),
    # JTidy's API (javadoc of JDK 8, the classic layout).
    Site("jtidy-javadoc", "libjtidy-java-doc", Path("/usr/share/doc/libjtidy-java/api"),
         "overview-summary.html", _javadoc8_content,
         "javadoc (JDK 8, the classic layout): div.header (the title) and "
         "div.contentContainer, straight in the body; the navigation bars (div.topNav, "
         "div.subNav, div.bottomNav) and the copyright line are outside",
         short="jtidy", kind="unflown", cap=150),
    # libgig's reference (Doxygen 1.9.1 with its tree view).
    Site("libgig-doxygen", "libgig-doc", Path("/usr/share/doc/libgig-dev/html"), "index.html",
         _doxygen_content, "Doxygen with its tree view (div#side-nav beside div#doc-content, "
         "the breadcrumb in the footer): div.headertitle (the title) and div.contents, "
         "except the \"More...\" jumps to the details", _more_link, short="libgig",
         kind="unflown", cap=150),
    # Octavia's documentation (Sphinx under openstackdocstheme).
    Site("octavia-openstackdocs", "octavia-doc", Path("/usr/share/doc/octavia-doc/html"),
         "index.html", _openstackdocs_content,
         "Sphinx under openstackdocstheme: div.docs-body, except the \"¶\" permalinks and "
         "the \"[source]\" links; the navbar, the sidebar, the title's row, the bylines, "
         "the licence's row and the footer are outside", _openstackdocs_boilerplate,
         short="octavia", kind="unflown", cap=150),
    # Unridden: added in the twenty-sixth session, after the unflown sites judged DBCE's
    # short blocks; no method ran on them until they judged the jumps (twenty-seventh
    # session), and they are spent as judges since. Their gold rules were checked on
    # every crawled page (see the module docstring). The benches other than the judge
    # refused them until the unswum sites below took their place.
    # Qbs' manual (qdoc, Qt 5's offline style, as the qtcharts site's).
    Site("qbs-qdoc", "qbs-doc-html", Path("/usr/share/doc/qbs/html"), "index.html",
         lambda e: e.tag == "div" and has_class(e, "mainContent"),
         "qdoc (Qt's offline style): inside div.mainContent, except div.sidebar (the "
         "page's contents), the \"More...\" jump and the previous and next pages' links "
         "above the title and below the text (p.naviNextPrevious); the header and the "
         "footer are outside", _qbs_boilerplate, short="qbs", kind="unridden", cap=150),
    # HTML Parser's API (the javadoc of JDK 10: the classic layout with the fixed
    # navigation and the search box).
    Site("htmlparser-javadoc", "libhtmlparser-java-doc",
         Path("/usr/share/doc/libhtmlparser-java/api"), "overview-summary.html",
         _javadoc8_content, "javadoc (JDK 10, the classic layout under a fixed navigation "
         "with a search box): div.header (the title) and div.contentContainer, straight in "
         "the body; the navigation bars (div.fixedNav with div.topNav and div.subNav, "
         "div.bottomNav) and the copyright line are outside",
         short="htmlparser", kind="unridden", cap=150),
    # Breathe's documentation (Sphinx under the haiku theme, as the clang site's; its
    # pages show Breathe's rendering of Doxygen's XML). The top and bottom navigation
    # lines ("« Previous :: Contents :: Next »") are in div.topnav and div.bottomnav,
    # outside the container, so their "«", "::" and "»" count as template with their
    # links.
    Site("breathe-haiku", "breathe-doc", Path("/usr/share/doc/breathe-doc/html"),
         "index.html", _haiku_content, "Sphinx (haiku): inside div.content[role=main], "
         "except the \"¶\" permalinks; the header (the project's and the page's titles), "
         "the top and bottom navigation (previous, Contents, next) and the footer are "
         "outside", _headerlink, short="breathe", kind="unridden", cap=150),
    # Sphinx-Gallery's documentation (Sphinx under the Read the Docs theme, with the
    # example gallery Sphinx-Gallery makes of itself).
    Site("sphinx-gallery-rtd", "python-sphinx-gallery-doc",
         Path("/usr/share/doc/python-sphinx-gallery-doc/html"), "index.html", _sphinx_main,
         "Sphinx (the Read the Docs theme) with Sphinx-Gallery's pages: inside "
         "div[role=main], except the \"¶\" permalinks and Sphinx-Gallery's download note, "
         "download buttons and signature line; the sidebar, the top bar, the breadcrumbs "
         "and the footer are outside", _sphinx_gallery_boilerplate, short="gallery",
         kind="unridden", cap=150),
    # Unswum: added in the twenty-seventh session, after the unridden sites judged the
    # jumps, held back to judge the next change (DBCE's undecided blocks, the
    # twenty-ninth session's, which they judged); no method ran on them before. Their
    # gold rules were checked on every crawled page (see the module docstring). The
    # benches other than the judge refused them until the unfathomed sites below took
    # their place.
    # plasTeX's manual (plasTeX's own HTML renderer, from the manual's LaTeX).
    Site("plastex-plastex", "python-plastex-doc", Path("/usr/share/doc/python3-plastex/html"),
         "index.html", _plastex_content, "plasTeX: the div without a class straight in the "
         "body (on the title page the book's contents, div.document-contents); the "
         "navigation rows at the top and the bottom, the breadcrumbs and the list of the "
         "section's subsections are outside", _never, short="plastex", kind="unswum",
         cap=150),
    # Borg's documentation (Sphinx under the guzzle theme).
    Site("borg-guzzle", "borgbackup-doc", Path("/usr/share/doc/borgbackup/html"),
         "index.html", _guzzle_content, "Sphinx (guzzle): inside div.document.body, except "
         "the \"¶\" permalinks; the related bars, the left column, the breadcrumbs, the "
         "previous and next links and the footer are outside", _headerlink, short="borg",
         kind="unswum", cap=150),
    # Kombu's documentation (Sphinx under sphinx_celery's theme, Celery's).
    Site("kombu-celery", "python-kombu-doc", Path("/usr/share/doc/python-kombu-doc/html"),
         "index.html", _sphinx_main, "Sphinx (sphinx_celery): inside div.body[role=main], "
         "except the development version's notice (div.deck), the \"¶\" permalinks and "
         "the \"[source]\" links; the related bars, the sidebar and the footer are "
         "outside", _celery_boilerplate, short="kombu", kind="unswum", cap=150),
    # Cheetah3's documentation (Sphinx under the sphinxdoc theme).
    Site("cheetah-sphinxdoc", "python-cheetah-doc",
         Path("/usr/share/doc/python-cheetah-doc/html"), "index.html", _sphinx_main,
         "Sphinx (sphinxdoc): inside div.body[role=main], except the \"¶\" permalinks and "
         "the \"[source]\" links; the related bars, the sidebar and the footer are "
         "outside", _sphinxdoc_boilerplate, short="cheetah", kind="unswum", cap=150),
    # Unfathomed: added in the twenty-ninth session, while the unswum sites judged that
    # session's change, held back to judge the next change; no method has run on them.
    # Their gold rules were checked on every crawled page (see the module docstring).
    # The benches other than the judge refuse them (refuse_unfathomed).
    # AppStream's documentation (DAPS; its library references GTK-Doc's).
    Site("appstream-daps", "appstream-doc", Path("/usr/share/doc/appstream/html"),
         "index.html", _daps_content, "DAPS: inside div#_content, except the \"#\" "
         "permalinks, the \"Applies to\" line and the previous and next links; the "
         "header, the toolbar, the fixed header and the footer are outside (GTK-Doc's "
         "references: the page's div under the body, not the navigation table nor the "
         "footer)", _daps_boilerplate, short="appstream", kind="unfathomed", cap=150),
    # Django REST framework's documentation (MkDocs under the project's own theme).
    Site("drf-mkdocs", "python-djangorestframework-doc",
         Path("/usr/share/doc/python3-djangorestframework/html"), "index.html",
         _drf_content, "MkDocs (Django REST framework's theme): inside div#main-content, "
         "except the source files' links; the navbar, the sidebar, the search dialog and "
         "the footer are outside", _drf_boilerplate, short="drf", kind="unfathomed",
         cap=150),
    # discord.py's documentation (Sphinx under the project's own theme).
    Site("discord-sphinx", "python-discord-doc", Path("/usr/share/doc/python-discord-doc/html"),
         "index.html", _sphinx_main, "Sphinx (discord.py's theme): inside "
         "main[role=main], except the \"¶\" permalinks and the attribute tables; the "
         "header, the sub-header, the sidebar, the footer and the settings dialog are "
         "outside", _discord_boilerplate, short="discord", kind="unfathomed", cap=150),
    # scikit-image's documentation (Sphinx under the project's own theme).
    Site("skimage-sphinx", "python-skimage-doc", Path("/usr/share/doc/python-skimage-doc/html"),
         "index.html", _sphinx_main, "Sphinx (scikit-image's theme): inside "
         "div.span9[role=main], except the \"¶\" permalinks, Sphinx-Gallery's note, "
         "download buttons and signature and the \"[source]\" links; the navbar, the "
         "versions' box, the forum's note and the footer are outside",
         _skimage_boilerplate, short="skimage", kind="unfathomed", cap=150),
]  # fmt: skip

# For the BENCH keys (kept for the benches that read it).
SHORT_NAMES = {site.name: site.short for site in SITES}


DEVELOPER_SITES = [site for site in SITES if site.kind == "developer"]
# The default run (bench/template_eval.py without --sites): no reserve, fresh, untouched,
# unread, sealed, withheld, unopened, untried, unvisited, unexplored, uncharted, unmapped,
# unsurveyed, untrodden, unwalked, unclimbed, unforded, unsailed, uncrossed, unflown,
# unridden, unswum or unfathomed site.
JUDGED_SITES = [site for site in SITES if site.kind in ("developer", "unseen")]


def select(
    names: str | None, sites: list[Site] = SITES, default: list[Site] | None = None
) -> list[Site]:
    """The sites named in a comma-separated list of short (or full) names; if None,
    ``default`` (all of ``sites`` when that is None too)."""
    if not names:
        return list(sites if default is None else default)
    by_name = {s.short: s for s in sites} | {s.name: s for s in sites}
    wanted = [n.strip() for n in names.split(",") if n.strip()]
    unknown = [n for n in wanted if n not in by_name]
    if unknown:
        known = ", ".join(s.short for s in sites)
        raise SystemExit(f"unknown site {', '.join(unknown)}: choose from {known}")
    chosen = {by_name[n].name for n in wanted}
    return [s for s in sites if s.name in chosen]


# The group held back to judge the next change: no bench but the judge runs a method on
# it (refuse_unfathomed; bench/template_screen.py's "read" sites leave it out).
HELD_BACK: tuple[Kind, ...] = ("unfathomed",)


def refuse_unfathomed(sites: list[Site]) -> None:
    """Stop when a bench other than the judge (bench/template_eval.py) is asked to run a
    method on an unfathomed site: they are kept for the judge (added in the
    twenty-ninth session, while the unswum sites judged that session's change, held back
    to judge the next change). (The unswum sites, which this guard kept before, judged
    the twenty-ninth session's change, DBCE's undecided blocks, and are spent, as
    the unridden, unflown, uncrossed, unsailed, unforded, unclimbed, unwalked,
    untrodden, unsurveyed, unmapped, uncharted, unexplored, unvisited and untried sites
    are.)"""
    unfathomed = [site.short for site in sites if site.kind in HELD_BACK]
    if unfathomed:
        raise SystemExit(f"{', '.join(unfathomed)}: the unfathomed sites are the judge's "
                         "(bench/template_eval.py; bench/template_sites.py); choose other "
                         "sites")  # fmt: skip


def _in_teaser(element: lxml.html.HtmlElement) -> bool:
    return has_class(element, TEASER_CLASS) or any(
        has_class(a, TEASER_CLASS) for a in element.iterancestors()
    )


def has_container(document: str, site: Site) -> bool:
    """Does the page hold the site's content container (the harness' teaser aside)?"""
    return page_gold(document, site)[1]


def gold_labels(document: str, site: Site) -> np.ndarray:
    """Per node: good inside the site's content container, unless inside the site's
    boilerplate or the harness' own teaser (inserted before ``</body>``, so inside the
    container on sites whose content is the body or a direct child of it)."""
    return page_gold(document, site)[0]


def page_gold(document: str, site: Site) -> tuple[np.ndarray, bool]:
    """The page's gold labels (see :func:`gold_labels`) and whether it holds the
    container at all (outside the teaser), from one parse of the document."""
    # huge_tree, as the segmenter parses: libxml2 otherwise stops at 256 levels and drops
    # the nodes below them (LaTeX2HTML's index page nests its unclosed <dt>s some 750
    # deep), and the gold would be shorter than the page's nodes.
    root = lxml.html.document_fromstring(document, parser=lxml.html.HTMLParser(huge_tree=True))
    container = any(
        site.content(e) and not _in_teaser(e) for e in root.iter() if isinstance(e.tag, str)
    )
    labels: dict[int, int] = {}
    for wrapper in root.iter("kehr-t"):
        good = False
        for ancestor in wrapper.iterancestors():
            if has_class(ancestor, TEASER_CLASS) or site.boilerplate(ancestor):
                good = False
                break
            good = good or site.content(ancestor)
        labels[int(wrapper.get("data-i"))] = GOOD if good else BAD
    return np.array([labels[i] for i in range(len(labels))], dtype=np.uint8), container

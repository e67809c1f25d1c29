/// The dashboard's one style sheet, served as `/assets/app.<hash>.css`. System fonts, a
/// sidebar that becomes a top bar on a phone, light and dark from the system's setting,
/// visible keyboard focus. No inline styles anywhere: the pages' Content-Security-Policy
/// allows only this file.
enum DashboardStyles {
    static let css = """
        :root {
          color-scheme: light dark;
          --bg: #f6f7f9; --panel: #ffffff; --panel-2: #f0f2f5; --text: #1b1f24; --muted: #5b6573;
          --line: #dde1e6; --accent: #2f5bd3; --accent-text: #ffffff; --accent-soft: #e6ecfb;
          --ok: #1f7a4d; --ok-soft: #e3f4ea; --warn: #9a6200; --warn-soft: #fbf0d9;
          --bad: #b42318; --bad-soft: #fde7e5; --note: #7a5a00; --note-soft: #fff6d6;
          --radius: 8px; --shadow: 0 1px 2px rgba(16, 24, 40, .06);
          --font: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
          --mono: ui-monospace, "SF Mono", Menlo, Consolas, monospace;
        }
        @media (prefers-color-scheme: dark) {
          :root {
            --bg: #111418; --panel: #181c21; --panel-2: #1f242a; --text: #e6e9ed; --muted: #9aa4b1;
            --line: #2c333b; --accent: #7c9cff; --accent-text: #0b1020; --accent-soft: #1d2740;
            --ok: #58c08c; --ok-soft: #16291f; --warn: #e0ad4f; --warn-soft: #2e2411;
            --bad: #ff8a7d; --bad-soft: #361a17; --note: #e9c95c; --note-soft: #2b2612;
            --shadow: none;
          }
        }
        * { box-sizing: border-box; }
        html { font-size: 15px; }
        body { margin: 0; font-family: var(--font); background: var(--bg); color: var(--text); line-height: 1.45; }
        a { color: var(--accent); text-decoration: none; }
        a:hover { text-decoration: underline; }
        :focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; border-radius: 4px; }
        h1 { font-size: 1.35rem; margin: 0 0 .75rem; overflow-wrap: anywhere; }
        h2 { font-size: 1.1rem; margin: 1.25rem 0 .5rem; overflow-wrap: anywhere; }
        h3 { font-size: 1rem; margin: 1rem 0 .4rem; }
        p { margin: .4rem 0; }
        code, .mono { font-family: var(--mono); font-size: .9em; }
        .skip { position: absolute; left: -999px; }
        .skip:focus { left: .5rem; top: .5rem; background: var(--panel); padding: .4rem .6rem; z-index: 10; }

        .shell { display: grid; grid-template-columns: 220px minmax(0, 1fr); min-height: 100vh; }
        .side { background: var(--panel); border-right: 1px solid var(--line); padding: 1rem .75rem; display: flex; flex-direction: column; gap: .25rem; }
        .brand { font-weight: 700; font-size: 1.05rem; padding: .25rem .5rem 1rem; color: var(--text); }
        .nav a { display: flex; justify-content: space-between; align-items: center; padding: .45rem .6rem; border-radius: 6px; color: var(--text); }
        .nav a:hover { background: var(--panel-2); text-decoration: none; }
        .nav a[aria-current="page"] { background: var(--accent-soft); color: var(--accent); font-weight: 600; }
        .nav .count { background: var(--accent); color: var(--accent-text); border-radius: 999px; font-size: .75rem; padding: 0 .45rem; min-width: 1.4rem; text-align: center; }
        .side .me { margin-top: auto; border-top: 1px solid var(--line); padding: .75rem .5rem 0; font-size: .9rem; color: var(--muted); }
        .side .me form { display: inline; }
        main { padding: 1.25rem 1.5rem 3rem; max-width: 1200px; width: 100%; }
        .topline { display: flex; flex-wrap: wrap; align-items: center; gap: .5rem 1rem; justify-content: space-between; margin-bottom: 1rem; }
        .topline h1 { margin: 0; }

        .panel { background: var(--panel); border: 1px solid var(--line); border-radius: var(--radius); box-shadow: var(--shadow); padding: 1rem; }
        .panel + .panel { margin-top: 1rem; }
        .grid2 { display: grid; grid-template-columns: minmax(0, 2fr) minmax(260px, 1fr); gap: 1rem; align-items: start; }
        .stack > * + * { margin-top: .75rem; }
        .muted { color: var(--muted); }
        .small { font-size: .85rem; }
        .row { display: flex; gap: .5rem; align-items: center; flex-wrap: wrap; }
        .spacer { flex: 1; }

        .flash { padding: .6rem .8rem; border-radius: 6px; margin-bottom: 1rem; border: 1px solid transparent; }
        .flash.ok { background: var(--ok-soft); color: var(--ok); border-color: var(--ok); }
        .flash.bad { background: var(--bad-soft); color: var(--bad); border-color: var(--bad); }
        .flash.info { background: var(--accent-soft); color: var(--accent); }

        .badge { display: inline-block; font-size: .75rem; padding: .05rem .45rem; border-radius: 999px; background: var(--panel-2); color: var(--muted); border: 1px solid var(--line); white-space: nowrap; }
        .badge.ok { background: var(--ok-soft); color: var(--ok); border-color: transparent; }
        .badge.warn { background: var(--warn-soft); color: var(--warn); border-color: transparent; }
        .badge.bad { background: var(--bad-soft); color: var(--bad); border-color: transparent; }
        .badge.accent { background: var(--accent-soft); color: var(--accent); border-color: transparent; }
        .dot { display: inline-block; width: .55rem; height: .55rem; border-radius: 50%; background: var(--accent); }

        table.list { width: 100%; border-collapse: collapse; }
        table.list th { text-align: left; font-weight: 600; font-size: .8rem; color: var(--muted); text-transform: uppercase; letter-spacing: .02em; padding: .5rem .6rem; border-bottom: 1px solid var(--line); }
        table.list td { padding: .6rem; border-bottom: 1px solid var(--line); vertical-align: top; }
        table.list tr:hover td { background: var(--panel-2); }
        table.list tr.unread td:first-child { box-shadow: inset 3px 0 0 var(--accent); }
        table.list tr.unread .subject { font-weight: 650; }
        .subject { color: var(--text); }
        .preview { color: var(--muted); display: block; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; max-width: 52ch; }

        form.filters { display: flex; flex-wrap: wrap; gap: .5rem; align-items: end; margin-bottom: 1rem; }
        label { display: block; font-size: .85rem; font-weight: 600; margin-bottom: .2rem; }
        .field { margin-bottom: .75rem; }
        .field .hint { font-size: .8rem; color: var(--muted); margin-top: .2rem; }
        input[type=text], input[type=email], input[type=password], input[type=search], input[type=url], input[type=number], select, textarea {
          width: 100%; font: inherit; color: var(--text); background: var(--panel); border: 1px solid var(--line); border-radius: 6px; padding: .45rem .55rem;
        }
        textarea { min-height: 6rem; resize: vertical; }
        form.filters select, form.filters input { width: auto; min-width: 9rem; }
        input[type=file] { font: inherit; }
        button, .button { font: inherit; cursor: pointer; border-radius: 6px; border: 1px solid var(--line); background: var(--panel); color: var(--text); padding: .45rem .8rem; display: inline-flex; align-items: center; gap: .35rem; }
        button:hover, .button:hover { background: var(--panel-2); text-decoration: none; }
        button.primary, .button.primary { background: var(--accent); color: var(--accent-text); border-color: var(--accent); }
        button.primary:hover { filter: brightness(1.05); }
        button.danger { color: var(--bad); border-color: var(--bad); }
        button.link { border: none; background: none; padding: 0; color: var(--accent); }
        fieldset { border: 1px solid var(--line); border-radius: var(--radius); padding: .75rem; margin: 0 0 .75rem; }
        legend { font-weight: 600; padding: 0 .3rem; }

        .thread { display: flex; flex-direction: column; gap: .6rem; }
        .msg { max-width: 78%; padding: .6rem .8rem; border-radius: 12px; border: 1px solid var(--line); background: var(--panel); white-space: pre-wrap; overflow-wrap: anywhere; }
        .msg.user { align-self: flex-start; }
        .msg.team { align-self: flex-end; background: var(--accent-soft); border-color: transparent; }
        .msg.note { align-self: flex-end; background: var(--note-soft); border: 1px dashed var(--note); }
        .msg .meta { display: block; font-size: .75rem; color: var(--muted); margin-bottom: .25rem; white-space: normal; }
        .msg img { display: block; max-width: 240px; max-height: 240px; border-radius: 6px; margin-top: .4rem; }
        .card { border: 1px solid var(--line); border-radius: 8px; padding: .5rem .6rem; margin-top: .4rem; background: var(--panel); white-space: normal; }
        dl.facts { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: .3rem .8rem; margin: 0; font-size: .9rem; }
        dl.facts dt { color: var(--muted); }
        dl.facts dd { margin: 0; overflow-wrap: anywhere; }
        pre.block { background: var(--panel-2); border-radius: 6px; padding: .6rem; overflow: auto; font-family: var(--mono); font-size: .85rem; white-space: pre-wrap; }
        .timeline { list-style: none; margin: 0; padding: 0; font-size: .9rem; }
        .timeline li { padding: .35rem 0; border-bottom: 1px solid var(--line); }
        .empty { text-align: center; color: var(--muted); padding: 2.5rem 1rem; }
        .auth { max-width: 380px; margin: 12vh auto; }
        .auth .brand { text-align: center; padding-bottom: 1.25rem; font-size: 1.3rem; }
        .pager { display: flex; gap: .5rem; justify-content: flex-end; margin-top: .75rem; }
        img.shot { max-width: 100%; border: 1px solid var(--line); border-radius: 6px; }

        @media (max-width: 800px) {
          .shell { grid-template-columns: minmax(0, 1fr); align-content: start; }
          .side { flex-direction: row; flex-wrap: wrap; align-items: center; border-right: none; border-bottom: 1px solid var(--line); padding: .5rem; gap: .15rem; }
          .brand { padding: .25rem .5rem; }
          .nav { display: flex; flex-wrap: wrap; gap: .15rem; }
          .nav a { padding: .35rem .5rem; }
          .side .me { margin: 0 0 0 auto; border: none; padding: 0 .5rem; }
          main { padding: 1rem .75rem 2rem; }
          .grid2 { grid-template-columns: 1fr; }
          .msg { max-width: 92%; }
          table.list .wide { display: none; }
          .preview { max-width: 60vw; }
        }

        /* Reports and ideas: the report page, the ideas list and idea page, moderation, boards, changelog. */
        .message { white-space: pre-wrap; overflow-wrap: anywhere; }
        .report .mono, .community .mono { overflow-wrap: anywhere; }
        figure.shot { margin: .75rem 0 0; }
        figure.shot img.shot { display: block; width: auto; height: auto; max-height: 26rem; }
        pre.block.scroll { max-height: 28rem; }
        button.note { color: var(--note); background: var(--note-soft); border: 1px dashed var(--note); }
        .composer { margin-top: 1rem; }
        details.fold > summary { cursor: pointer; font-weight: 600; padding: .2rem 0; }
        details.fold[open] > summary { margin-bottom: .5rem; }
        details.fold + details.fold { margin-top: .5rem; }
        .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
        .report .row > form, .community .row > form { display: inline-flex; gap: .5rem; align-items: center; flex-wrap: wrap; }
        nav.tabs { display: flex; flex-wrap: wrap; gap: .25rem; border-bottom: 1px solid var(--line); margin-bottom: 1rem; }
        nav.tabs a { padding: .45rem .75rem; color: var(--muted); border-bottom: 2px solid transparent; margin-bottom: -1px; }
        nav.tabs a:hover { color: var(--text); text-decoration: none; }
        nav.tabs a[aria-current="page"] { color: var(--text); border-bottom-color: var(--accent); font-weight: 600; }
        nav.tabs .count { background: var(--warn-soft); color: var(--warn); border-radius: 999px; font-size: .75rem; padding: 0 .45rem; }
        .badge.status { display: inline-flex; align-items: center; gap: .3rem; color: var(--text); }
        svg.swatch { width: .6rem; height: .6rem; flex: none; }
        table.list .num { text-align: right; font-variant-numeric: tabular-nums; }
        form.filters .grow { flex: 1 1 12rem; }
        form.filters .grow input { width: 100%; }
        .msg .actions { margin-top: .4rem; white-space: normal; }
        .panel.review { border-color: var(--warn); background: var(--warn-soft); }
        article.pending .message { margin: .4rem 0; }
        ul.statuses { list-style: none; margin: 0 0 .75rem; padding: 0; display: flex; flex-direction: column; gap: .35rem; }
        .status-edit { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; padding: .5rem 0; border-bottom: 1px solid var(--line); }
        .status-edit input[type=text] { width: auto; flex: 1 1 8rem; }
        input[type=color] { width: 2.6rem; height: 2.2rem; padding: .1rem; border: 1px solid var(--line); border-radius: 6px; background: var(--panel); }
        label.check { display: inline-flex; align-items: center; gap: .3rem; font-weight: 400; margin: 0; }
        textarea.tall { min-height: 14rem; }
        .entry h2 { margin: 0; }
        .entry .message { margin: .5rem 0 .75rem; }
        .report .panel > h2:first-child, .community .panel > h2:first-child, .community .panel > h3:first-child { margin-top: 0; }
        .community .topline form select { width: auto; }
        .community .crumbs, .panel.review { margin-bottom: 1rem; }
        .fieldgrid { display: grid; grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr)); gap: 0 .75rem; }
        .jump { display: none; }
        @media (max-width: 800px) {
          .jump { display: inline; }
        }

        /* Apps, settings, account, sign-in and invitation pages */
        .field .problems, fieldset .problems { color: var(--bad); font-size: .85rem; margin-top: .25rem; }
        [aria-invalid="true"] { border-color: var(--bad) !important; }
        fieldset.choices { display: grid; gap: .5rem; }
        label.choice { display: flex; gap: .55rem; align-items: flex-start; font-weight: 400; font-size: .95rem; margin: 0; cursor: pointer; }
        label.choice input { margin-top: .25rem; flex: none; }
        .choice-label { display: block; font-weight: 600; }
        .choice .hint { display: block; font-size: .8rem; color: var(--muted); }
        .panel.reveal { border-color: var(--ok); background: var(--ok-soft); }
        pre.secret { background: var(--panel); border: 1px solid var(--ok); user-select: all; overflow-wrap: anywhere; word-break: break-all; }
        code.copyable { user-select: all; overflow-wrap: anywhere; }
        dd .hint { font-size: .8rem; color: var(--muted); }
        ol.steps { padding-left: 1.25rem; margin: 1rem 0 0; }
        ol.steps > li + li { margin-top: .6rem; }
        ol.steps pre.block { margin: .4rem 0 0; }
        form.inline { display: flex; gap: .35rem; align-items: center; flex-wrap: wrap; }
        form.inline select { width: auto; }
        .panel .row h2 { margin: 0; }
        .panel > .row { margin-bottom: .5rem; }
        details { margin-top: .75rem; }
        details > summary { cursor: pointer; color: var(--accent); }
        details[open] > summary { margin-bottom: .5rem; }
        .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
        .auth button.primary { width: 100%; justify-content: center; }
        .auth h1 { text-align: center; }
        .auth dl.facts { margin-bottom: 1rem; }
        .panel > h2:first-child, .panel > .row:first-child h2 { margin-top: 0; }
        ol.steps pre.block { white-space: pre; }
        @media (max-width: 600px) {
          table.stacked thead { display: none; }
          table.stacked, table.stacked tbody, table.stacked tr, table.stacked td { display: block; width: 100%; }
          table.stacked tr { border-bottom: 1px solid var(--line); padding: .5rem 0; }
          table.stacked td { border: none; padding: .2rem 0; }
          table.stacked td.wide { display: block; }
          table.stacked td[data-label]::before { content: attr(data-label) ": "; color: var(--muted); }
          table.stacked tr:hover td { background: none; }
        }

        /* Inbox and conversation */
        .sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
        .inbox-panel { padding: 0; overflow: hidden; }
        table.list.inbox { table-layout: fixed; }
        table.list.inbox th.app, table.list.inbox th.assignee { width: 9rem; }
        table.list.inbox th.state { width: 10rem; }
        table.list.inbox th.when { width: 6.5rem; }
        table.list.inbox td { overflow: hidden; }
        table.list.inbox tr { position: relative; }
        table.list.inbox td.when, table.list.inbox th.when { white-space: nowrap; text-align: right; }
        table.list.inbox td.when { color: var(--muted); font-size: .85rem; }
        table.list.inbox .who { display: flex; flex-wrap: wrap; align-items: center; gap: .25rem .45rem; }
        table.list.inbox a.subject { color: var(--text); min-width: 0; max-width: 100%; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
        table.list.inbox a.subject::after { content: ""; position: absolute; inset: 0; }
        table.list.inbox a.subject:focus-visible { outline: none; }
        table.list.inbox tr:focus-within td { background: var(--accent-soft); }
        table.list.inbox .preview { max-width: 100%; }
        table.list.inbox a.subject .dot { margin-right: .4rem; vertical-align: .1em; }
        table.list.inbox .badge.label { background: transparent; }
        form.inbox-filters input[type=checkbox] { min-width: 0; width: auto; }
        form.inbox-filters .search input { min-width: 14rem; }
        form.inbox-filters label.check { display: flex; align-items: center; gap: .35rem; font-weight: 400; padding: .45rem 0; margin: 0; }
        .conversation .msg { scroll-margin-top: 35vh; }
        .conversation aside h2:first-child { margin-top: 0; }
        .msg .text { display: block; }
        .msg .note-tag { color: var(--note); font-weight: 700; text-transform: uppercase; letter-spacing: .03em; }
        .msg .photos { display: flex; flex-wrap: wrap; align-items: flex-start; gap: .4rem; }
        .msg .photos img { width: auto; height: auto; }
        .msg .photos .badge { margin-top: .4rem; }
        .card .cta { display: inline-block; margin-top: .3rem; padding: .2rem .6rem; border: 1px solid var(--accent); border-radius: 6px; color: var(--accent); font-size: .9rem; }
        .card .activity { margin: .35rem 0 0; }
        .composer textarea { min-height: 7rem; }
        .conversation .hint { font-size: .8rem; color: var(--muted); margin: .3rem 0; }
        .composer details.attach { margin: .25rem 0 .75rem; }
        .composer details.attach summary { cursor: pointer; color: var(--accent); width: max-content; }
        .composer label.file { display: flex; flex-wrap: wrap; align-items: center; gap: .5rem; font-weight: 400; margin: .35rem 0; }
        .composer label.file span { min-width: 4.5rem; color: var(--muted); }
        button.note { background: var(--note-soft); color: var(--note); border: 1px dashed var(--note); }
        button.note:hover { background: var(--note-soft); filter: brightness(.97); }
        fieldset.resolve { margin: 0; }
        ul.paywalls { list-style: none; margin: 0; padding: 0; }
        ul.paywalls > li { padding: .45rem 0; border-bottom: 1px solid var(--line); }
        ul.paywalls > li:last-child { border-bottom: none; }
        ul.products { margin: .25rem 0 0; padding-left: 1.1rem; color: var(--muted); }
        @media (max-width: 800px) {
          form.inbox-filters { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); }
          form.inbox-filters .search { grid-column: 1 / -1; }
          form.inbox-filters select, form.inbox-filters .search input { width: 100%; min-width: 0; }
          table.list.inbox th.state { width: 6rem; }
          table.list.inbox th.when { width: 5rem; }
          table.list.inbox th { font-size: .7rem; }
          table.list.inbox td, table.list.inbox th { padding-left: .45rem; padding-right: .45rem; }
          table.list.inbox td.when { font-size: .75rem; white-space: normal; }
        }
        /* Apps and settings pages (round 2): an app's name is the way to its page, so it reads as a link; long
           names and App IDs wrap rather than widen the table on a phone. */
        table.list.apps a.subject { color: var(--accent); font-weight: 600; overflow-wrap: anywhere; }
        table.list.apps a.subject:hover { text-decoration: underline; }
        table.list.apps code { overflow-wrap: anywhere; }
        /* Reports and ideas (round 2): a long app name in the picker wraps inside the page on a phone. */
        .community .topline form { flex-wrap: nowrap; max-width: 100%; min-width: 0; }
        .community .topline form select { max-width: 100%; min-width: 0; text-overflow: ellipsis; }

        /* Hosted roadmap and changelog (public pages): a top bar instead of the sidebar. */
        .public-top { background: var(--panel); border-bottom: 1px solid var(--line); }
        .public-bar { max-width: 1100px; margin: 0 auto; padding: .6rem 1.25rem; display: flex; flex-wrap: wrap; align-items: center; gap: .5rem 1.25rem; }
        .public-app { font-weight: 700; color: var(--text); font-size: 1.05rem; overflow-wrap: anywhere; }
        .public-nav { display: flex; gap: .25rem; }
        .public-nav a { padding: .35rem .6rem; border-radius: 6px; color: var(--text); }
        .public-nav a[aria-current="page"] { background: var(--accent-soft); color: var(--accent); font-weight: 600; }
        .public-me { margin-left: auto; display: flex; gap: .5rem; align-items: center; color: var(--muted); flex-wrap: wrap; overflow-wrap: anywhere; }
        .public-me form { display: inline; }
        main.public { max-width: 1100px; margin: 0 auto; padding: 1.25rem 1.25rem 2rem; }
        main.public h1, main.public h2 { overflow-wrap: anywhere; }
        .public-foot { max-width: 1100px; margin: 0 auto; padding: 0 1.25rem 2rem; text-align: center; }
        .public-boards { margin-bottom: 1rem; }
        .public-columns { display: grid; grid-template-columns: repeat(auto-fit, minmax(220px, 1fr)); gap: .75rem; margin-bottom: 1rem; }
        .public-column { background: var(--panel-2); border: 1px solid var(--line); border-radius: var(--radius); padding: .75rem; min-width: 0; }
        .public-column h2 { font-size: .95rem; margin: 0 0 .5rem; }
        .public-toolbar { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: center; justify-content: space-between; margin-bottom: .5rem; }
        .public-toolbar form { flex: 1 1 260px; flex-wrap: nowrap; }
        .public-toolbar input[type=search] { flex: 1; min-width: 0; }
        .public-toolbar nav.tabs { margin: 0; }
        ol.public-ideas, ol.public-comments { list-style: none; margin: 0; padding: 0; }
        .public-idea { display: flex; gap: .75rem; align-items: flex-start; padding: .6rem 0; border-bottom: 1px solid var(--line); }
        ol.public-ideas li:last-child { border-bottom: 0; }
        ol.public-ideas.compact .public-idea { padding: .4rem 0; }
        ol.public-ideas.compact .public-clamp { display: none; }
        .public-idea-text { min-width: 0; flex: 1; overflow-wrap: anywhere; }
        .public-idea-title { color: var(--text); font-weight: 600; }
        .public-detail .public-idea { border-bottom: 0; padding: 0; }
        .public-detail h1 { margin-bottom: .4rem; overflow-wrap: anywhere; }
        .public-clamp { display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; overflow: hidden; margin: .15rem 0; }
        .public-vote form { margin: 0; }
        .public-vote-button, .public-vote-static { display: flex; flex-direction: column; align-items: center; min-width: 3rem; padding: .3rem .4rem; border-radius: 6px; border: 1px solid var(--line); background: var(--panel); color: var(--text); line-height: 1.1; }
        .public-vote-button.voted { background: var(--accent-soft); color: var(--accent); border-color: var(--accent); }
        .public-vote-static { color: var(--muted); }
        .public-vote-arrow { font-size: .7rem; }
        .public-vote-count { font-weight: 700; }
        .public-comment { list-style: none; margin-bottom: .6rem; }
        .public-comment .meta { display: flex; gap: .5rem; align-items: center; }
        .public-comment-form, .public-suggest form { max-width: 640px; }
        .public-suggest textarea, .public-comment-form textarea, .public-suggest input[type=text], .public-comment-form input[type=text] { width: 100%; }
        .public-message { max-width: 640px; margin: 2rem auto; }
        .public-entry .message { white-space: pre-wrap; }
        @media (max-width: 700px) {
          .public-bar { padding: .5rem .75rem; }
          main.public { padding: 1rem .75rem 2rem; }
          .public-me { margin-left: 0; width: 100%; }
          .public-toolbar form { flex-basis: 100%; }
        }
        /* Integrations: Telegram */
        .telegram form.inline { display: inline; margin: 0; }
        ol.steps { margin: 0; padding-left: 1.25rem; }
        ol.steps li { margin-bottom: .5rem; }
        .telegram table.list .subject { overflow-wrap: anywhere; }
        .telegram dl.facts dd { overflow-wrap: anywhere; }
        .panel.confirm { border-color: var(--bad); background: var(--bad-soft); margin-bottom: 1rem; }
        .panel.confirm h2, nav.crumbs, .telegram h2 { overflow-wrap: anywhere; }
        .panel.confirm form.inline { display: inline; margin: 0; }
        .telegram dl.facts + form { margin-top: .75rem; }
        .telegram .empty { padding: 1rem; }
        /* Integrations: Discord */
        .discord form.inline { display: inline; margin: 0; }
        .discord dl.facts dd, .discord h2, .discord .subject { overflow-wrap: anywhere; }
        .discord dl.facts + form, .discord form + form { margin-top: .75rem; }
        .discord .empty { padding: 1rem; }
        .discord ul.unusable { list-style: none; margin: .25rem 0 0; padding: 0; }
        .discord ul.unusable li { padding: .4rem 0; border-top: 1px solid var(--line); }
        .panel ul.links { list-style: none; margin: 0; padding: 0; }
        .panel ul.links li { margin: .25rem 0; }
        /* Charts (Sources/Dashboard/Charts) and the RevenueCat panel */
        svg.chart { display: block; width: 100%; height: auto; overflow: visible; }
        svg.chart.sparkline { width: 120px; height: 32px; display: inline-block; vertical-align: middle; }
        .chart-line { fill: none; stroke: var(--accent); stroke-width: 2; stroke-linejoin: round; stroke-linecap: round; }
        .chart-dot { fill: var(--accent); }
        .chart-grid { stroke: var(--line); stroke-width: 1; }
        .chart-axis { stroke: var(--muted); stroke-width: 1; }
        .chart-tick { fill: var(--muted); font-size: 12px; font-family: var(--font); }
        figure.chart-box { margin: .75rem 0 .25rem; }
        figure.chart-box figcaption { margin-top: .25rem; }
        dl.figures { display: grid; grid-template-columns: repeat(auto-fit, minmax(9rem, 1fr)); gap: .5rem; margin: .5rem 0; }
        dl.figures > div { background: var(--panel-2); border-radius: 6px; padding: .5rem .6rem; }
        dl.figures dt { color: var(--muted); font-size: .8rem; }
        dl.figures dd { margin: 0; font-size: 1.1rem; font-weight: 600; overflow-wrap: anywhere; }
        #revenuecat form.inline { display: inline; margin: 0; }
        #revenuecat details + form, #revenuecat form + form { margin-top: .75rem; }
        /* Notifications */
        ul.notifications { list-style: none; margin: 0; padding: 0; }
        ul.notifications li.note-item { display: flex; gap: .75rem; align-items: center; justify-content: space-between; padding: .65rem .9rem; border-bottom: 1px solid var(--line); }
        ul.notifications li.note-item:last-child { border-bottom: none; }
        ul.notifications li.unread a.subject { font-weight: 600; }
        ul.notifications .note-main { min-width: 0; flex: 1 1 auto; }
        ul.notifications a.subject { display: block; margin-top: .2rem; overflow-wrap: anywhere; }
        ul.notifications form { flex: 0 0 auto; margin: 0; }
        form.filters label.kind { display: flex; align-items: center; gap: .5rem; margin: 0; }
        /* Email delivery state of a report's replies */
        .msg .meta .delivery.sent { color: var(--ok); }
        .msg .meta .delivery.failed { color: var(--bad); }
        /* App Store: the Connect panel, reviews, keywords and a task's "Working…" page. */
        .stars { color: var(--warn); letter-spacing: .05em; white-space: nowrap; }
        ul.reviews, ul.plain { list-style: none; padding: 0; margin: 0; }
        ul.reviews > li + li { margin-top: .75rem; }
        .review-item .row { row-gap: .25rem; }
        .review-item .subject, #review .review-body { overflow-wrap: anywhere; }
        .review-body { white-space: pre-wrap; overflow-wrap: anywhere; margin: .5rem 0; }
        blockquote.review-body { border-left: 3px solid var(--line); padding-left: .75rem; margin-left: 0; }
        form.filters { align-items: end; gap: .5rem 1rem; }
        form.filters .field { margin: 0; }
        form.filters select, form.filters input { width: auto; }
        #history figure.chart-box { max-width: 40rem; }
        .rank { font-weight: 600; font-variant-numeric: tabular-nums; }
        .change.up { color: var(--ok); }
        .change.down { color: var(--bad); }
        .scroll-x { overflow-x: auto; }
        table.grid-table th[scope="row"] { text-transform: none; letter-spacing: 0; font-size: .9rem; color: var(--text); }
        table.grid-table th[scope="row"] .badge { margin-left: .35rem; }
        fieldset.plain { border: none; padding: 0; margin: 0; }
        fieldset.plain legend { font-weight: 600; margin-bottom: .5rem; }
        #app-store-connect details + form, #app-store-connect .row + details { margin-top: .75rem; }
        #app-store-connect dl.facts { margin-bottom: .75rem; }
        ul.candidates li { padding: .4rem 0; border-bottom: 1px solid var(--line); }
        .working { display: flex; gap: .6rem; align-items: center; font-size: 1.05rem; }
        .spinner { width: 1.1rem; height: 1.1rem; border: 2px solid var(--line); border-top-color: var(--accent); border-radius: 50%; animation: spin 1s linear infinite; flex: none; }
        @keyframes spin { to { transform: rotate(360deg); } }
        @media (prefers-reduced-motion: reduce) { .spinner { animation: none; } }
        .diff h3 { font-size: .95rem; margin: .25rem 0; }
        .diff p { white-space: pre-wrap; overflow-wrap: anywhere; margin: .2rem 0; padding: .4rem .5rem; background: var(--panel-2); border-radius: 6px; }
        .diff del { background: var(--bad-soft); color: var(--bad); }
        .diff ins { background: var(--ok-soft); color: var(--ok); text-decoration: none; }
        #editor input.over, #editor textarea.over { border-color: var(--bad); }
        svg.world-map { max-width: 60rem; }
        .map-sea { fill: var(--panel-2); }
        .map-territory rect, .map-land rect { stroke: var(--panel); stroke-width: .6; }
        .map-land, rect.map-land { fill: var(--line); }
        .map-legend text { font-size: 11px; }
        #locales { align-items: center; gap: .5rem; flex-wrap: wrap; margin-bottom: .75rem; }
        #locales select, #locales input { width: auto; }
        .hint.warning { font-size: .8rem; color: var(--warn); }
        @media (max-width: 600px) { table.stacked td.num { text-align: left; } }
        .missing { color: var(--muted); }
        .snapshot { font-weight: 600; margin: 0 0 .75rem; }
        .sparklines { gap: 1.5rem; margin-bottom: .75rem; }
        figure.spark { margin: 0; display: flex; flex-direction: column; gap: .25rem; }
        table.market td a, table.estimates td:not(.num) { overflow-wrap: anywhere; }
        table.estimates td.num { white-space: nowrap; }
        details.description summary { cursor: pointer; }
        .explorer-results td .badge { margin-left: .35rem; }
        dl.facts > div { display: contents; }
        ul.plain-list { list-style: none; margin: 0; padding: 0; }
        ul.plain-list li { padding: .45rem 0; border-bottom: 1px solid var(--line); gap: .5rem; flex-wrap: wrap; }
        ul.plain-list li:last-child { border-bottom: none; }
        .difficulty { display: flex; gap: .35rem; align-items: center; flex-wrap: wrap; }
        p.related { line-height: 1.8; }
        form.track { margin: .5rem 0 1rem; align-items: end; flex-wrap: wrap; }
        .tracker-day h2 { font-size: 1rem; margin: 0 0 .5rem; }
        .nav .dot { width: .55rem; height: .55rem; border-radius: 50%; background: var(--accent); flex: none; margin-left: .5rem; }
        input.days { max-width: 10rem; }
        ol.updates { list-style: none; margin: 0; padding: 0; display: grid; gap: .75rem; }
        ol.updates .update h2 { font-size: 1.05rem; margin: .35rem 0; }
        ol.updates .update p { margin: .35rem 0; }
        ol.updates .update p.row { flex-wrap: wrap; gap: .35rem 1rem; }
        """
}

/// The page's own style sheet, before the colour rules of the spec's views.
enum HTMLStyle {
  static let base = """
    body { font: 16px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 0; padding: 24px;
      background: #F2F2F7; color: #1C1C1E; }
    form { max-width: 420px; margin: 0 auto; }
    .pf-section { border: 0; background: #FFFFFF; border-radius: 10px; margin: 0 0 20px; padding: 8px 16px; }
    .pf-cell { padding: 8px 0; border-bottom: 1px solid #E5E5EA; }
    .pf-cell:last-child { border-bottom: 0; }
    .pf-cell label, .pf-cell legend { display: block; font-size: 14px; color: #3C3C43; margin-bottom: 4px; }
    .pf-cell h1 { font-size: 22px; margin: 8px 0; text-align: center; }
    input[type=text], input[type=email], input[type=password], input[type=number], input[type=url],
    input[type=date], input[type=time], input[type=datetime-local], select { box-sizing: border-box;
      width: 100%; font: inherit; padding: 8px 10px; border: 1px solid #C7C7CC; border-radius: 8px; }
    input[type=range] { width: calc(100% - 64px); vertical-align: middle; }
    .pf-value { display: inline-block; width: 40px; text-align: right; font-variant-numeric: tabular-nums; }
    input:focus-visible, select:focus-visible { outline: 2px solid #0A84FF; outline-offset: 1px; }
    .pf-radios { border: 0; margin: 0; padding: 0; }
    .pf-radios label { display: inline-block; margin-right: 16px; color: inherit; font-size: 16px; }
    .pf-check { display: flex; align-items: center; gap: 8px; }
    .pf-check label { display: inline; margin: 0; font-size: 16px; color: inherit; }
    .pf-error { display: block; color: #D70015; font-size: 13px; min-height: 0; }
    .pf-error:empty { display: none; }
    button[type=submit] { width: 100%; font: inherit; font-weight: 600; padding: 10px; border-radius: 10px;
      border: 1px solid #C7C7CC; background: #FFFFFF; cursor: pointer; }
    #pf-status { text-align: center; min-height: 1.4em; }
    .pf-group { border: 0; margin: 0; padding: 8px 0; }
    .pf-group > legend { font-size: 14px; font-weight: 600; color: #3C3C43; padding: 0; }
    .pf-row { border-bottom: 1px solid #E5E5EA; padding-bottom: 8px; }
    .pf-row > .pf-cell { border-bottom: 0; }
    .pf-add, .pf-remove { font: inherit; font-size: 14px; padding: 4px 12px; border-radius: 8px;
      border: 1px solid #C7C7CC; background: #FFFFFF; cursor: pointer; margin-top: 8px; }

    """
}

/// The columns of a source line a snippet shows.
///
/// The whole line up to `width` columns; of a longer line (a minified spec is one line), `width` columns
/// from its start, or, for a span further in, from `context` columns before the span, so that the caret
/// stands under text shown. A cut end is marked `…`.
///
/// As compilers do for long lines (rustc keeps the span in view and marks each cut end with `...`): writing
/// every column up to the span made each finding's snippet as long as the line, so `check` of a minified
/// spec with a finding per cell wrote output quadratic in its size.
struct SnippetWindow {
  /// The columns shown of a long line, and those shown before a span beyond the first `width`.
  static let width = 500
  static let context = 100

  /// The first column shown and the one past the last, counted from 0 (in bytes of an ASCII line, else in
  /// Unicode scalars, as columns are).
  let start: Int
  let end: Int

  /// The window of a line of `length` columns for a span `lead` columns in.
  init(lead: Int, length: Int) {
    start = lead <= Self.width - Self.context ? 0 : max(0, min(lead - Self.context, length - Self.width))
    end = min(length, start + Self.width)
  }

  /// Whether the line is cut before `start` (its snippet and caret line then begin with `…` and a space).
  var cutsStart: Bool { start > 0 }
}

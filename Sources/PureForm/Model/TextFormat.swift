/// `<format>`'s names: the shapes a text value can be required to have (a pureform extension; PureForm has
/// none of them).
package enum TextFormat: String, Sendable, CaseIterable {
  /// An absolute URL the WHATWG URL Standard's basic parser takes as sent, of a listed scheme.
  case url
  /// RFC 9562's text form, 8-4-4-4-12 hex digits in any case.
  case uuid
  /// RFC 3339 `full-date`, a day the Gregorian calendar has.
  case date
  /// RFC 3339 `date-time`.
  case dateTime = "date_time"
  /// RFC 3339 `partial-time`, or `HH:MM`.
  case time

  /// Whether `<min>` and `<max>` may bound a view of this format.
  var isChronological: Bool { self == .date || self == .dateTime || self == .time }
}

/// A view's `<format>` as compiled.
struct FormatRule: Sendable {
  var format: TextFormat
  /// `<schemes>` lowercased, or `http` and `https` without one; empty for formats other than `url`.
  var schemes: [String]
  /// The span of the `<format>` value.
  var range: SourceRange
}

/// A view's `<in>` or `<not_in>` as compiled.
struct ValueList: Sendable {
  /// The elements as written (strings, numbers, bools).
  var elements: [FormValue]
  /// The array as compact JSON: the failure's `argument` text and the `%@` of its reason.
  var text: String
  /// The span of the array.
  var range: SourceRange
}

/// A view's `<min>` or `<max>` as compiled: a literal of the view's format, or the path of the view that
/// holds the bound.
struct ChronoBound: Sendable {
  /// What bounds the view.
  enum Target: Sendable {
    /// A literal of the view's format, parsed.
    case literal(FormatMoment)
    /// Another form view, whose value (when present, visible and of the format) is the bound.
    case path(ConditionPath)
  }
  var target: Target
  /// The string as written: the failure's `argument` and the `%@` of its reason.
  var text: String
  /// The span of the string.
  var range: SourceRange
}

extension ChronoBound {
  /// The view the bound reads, nil for a literal.
  var path: ConditionPath? {
    if case .path(let path) = target { return path }
    return nil
  }
}

/// A value of a chronological format, ordered as `<min>` and `<max>` compare them.
///
/// Dates by day, times by time of day, date_times by instant. Two moments of different formats never meet (a bound has its view's
/// format).
enum FormatMoment: Hashable, Sendable {
  case date(CalendarDate)
  case time(TimeOfDay)
  case instant(DateTimeInstant)

  /// The moment `text` writes in `format`, nil when it is not a text of that format (or the format is not
  /// chronological).
  init?(_ text: String, format: TextFormat) {
    guard let moment = text.withFormatBytes({ FormatMoment($0, format: format) }) else { return nil }
    self = moment
  }

  /// The moment `bytes` write in `format`, nil when they are not a whole text of that format.
  init?(_ bytes: UnsafeBufferPointer<UInt8>, format: TextFormat) {
    switch format {
    case .date: guard let date = CalendarDate.parse(bytes) else { return nil }; self = .date(date)
    case .time: guard let time = TimeOfDay.parse(bytes) else { return nil }; self = .time(time)
    case .dateTime: guard let instant = DateTimeInstant.parse(bytes) else { return nil }; self = .instant(instant)
    case .url, .uuid: return nil
    }
  }

  /// Whether `self` is later than `other`; false for moments of different formats.
  func isLater(than other: FormatMoment) -> Bool {
    switch (self, other) {
    case (.date(let a), .date(let b)): return a > b
    case (.time(let a), .time(let b)): return a > b
    case (.instant(let a), .instant(let b)): return a > b
    default: return false
    }
  }
}

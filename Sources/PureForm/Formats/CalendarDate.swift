/// An RFC 3339 `full-date` (`YYYY-MM-DD`) that the proleptic Gregorian calendar has, years 0001–9999.
///
/// The rule of `<format>: date`; the value compares by day, so it bounds `<min>` / `<max>`.
/// `CalendarDate("2024-02-29")` is a date; `CalendarDate("2023-02-29")`, `CalendarDate("0000-01-01")`
/// and `CalendarDate("2024-1-01")` are `nil`.
struct CalendarDate: Hashable, Comparable, Sendable {
  /// The year, 1–9999.
  let year: Int
  /// The month, 1–12.
  let month: Int
  /// The day of the month, 1 to the month's length.
  let day: Int

  /// Parses `text` as a whole `full-date`, or `nil` when it is not one.
  init?(_ text: String) {
    guard let date = text.withFormatBytes(CalendarDate.parse) else { return nil }
    self = date
  }

  /// The date `bytes` hold when they are exactly a `full-date`.
  static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> CalendarDate? {
    bytes.count == 10 ? CalendarDate(bytes: bytes, at: 0) : nil
  }

  /// Parses the 10 bytes of a `full-date` at `start` in `bytes` (what follows them is the caller's).
  init?(bytes: UnsafeBufferPointer<UInt8>, at start: Int) {
    guard start + 10 <= bytes.count, bytes[start + 4] == UInt8(ascii: "-"), bytes[start + 7] == UInt8(ascii: "-"),
      let year = ASCIIDigits.number(in: bytes, at: start, count: 4),
      let month = ASCIIDigits.number(in: bytes, at: start + 5, count: 2),
      let day = ASCIIDigits.number(in: bytes, at: start + 8, count: 2),
      year >= 1, (1...12).contains(month), day >= 1, day <= CalendarDate.length(ofMonth: month, in: year)
    else { return nil }
    self.year = year
    self.month = month
    self.day = day
  }

  /// Whether `year` is a Gregorian leap year: divisible by 4, and not by 100 unless by 400.
  static func isLeapYear(_ year: Int) -> Bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
  }

  /// The number of days of `month` (1–12) in `year`.
  static func length(ofMonth month: Int, in year: Int) -> Int {
    switch month {
    case 2: isLeapYear(year) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Days since 1970-01-01 (negative before it), for ordering and for instants.
  ///
  /// Howard Hinnant's `days_from_civil`: the year is counted from March so the leap day falls last.
  var dayNumber: Int {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = shiftedYear / 400  // years are positive here, so no floor correction is needed
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// Dates in calendar order.
  static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }
}

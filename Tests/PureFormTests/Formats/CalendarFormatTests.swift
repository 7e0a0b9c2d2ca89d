import Foundation
import Testing

@testable import PureForm

/// `date`, `time` and `date_time` against Tests/Vectors: every vector's verdict, and the order of the pairs.
@Suite struct CalendarFormatTests {
  static let dates = FormatVectors.load("date")
  static let times = FormatVectors.load("time")
  static let dateTimes = FormatVectors.load("date_time")

  @Test func vectorFilesLoad() {
    #expect(Self.dates.format == "date" && Self.dates.vectors.count >= 30)
    #expect(Self.times.format == "time" && Self.times.vectors.count >= 20)
    #expect(Self.dateTimes.format == "date_time" && Self.dateTimes.vectors.count >= 25)
  }

  @Test(arguments: dates.vectors)
  func date(_ vector: FormatVectors.Vector) {
    #expect((CalendarDate(vector.value) != nil) == vector.valid, "\(vector.value): \(vector.why)")
  }

  @Test(arguments: times.vectors)
  func time(_ vector: FormatVectors.Vector) {
    #expect((TimeOfDay(vector.value) != nil) == vector.valid, "\(vector.value): \(vector.why)")
  }

  @Test(arguments: dateTimes.vectors)
  func dateTime(_ vector: FormatVectors.Vector) {
    #expect((DateTimeInstant(vector.value) != nil) == vector.valid, "\(vector.value): \(vector.why)")
  }

  @Test(arguments: dates.order ?? [])
  func dateOrder(_ pair: FormatVectors.Order) throws {
    try expectOrder(CalendarDate(pair.lower), CalendarDate(pair.higher), pair)
  }

  @Test(arguments: times.order ?? [])
  func timeOrder(_ pair: FormatVectors.Order) throws {
    try expectOrder(TimeOfDay(pair.lower), TimeOfDay(pair.higher), pair)
  }

  @Test(arguments: dateTimes.order ?? [])
  func dateTimeOrder(_ pair: FormatVectors.Order) throws {
    try expectOrder(DateTimeInstant(pair.lower), DateTimeInstant(pair.higher), pair)
  }

  @Test func dayNumbersMatchTheCalendar() throws {
    #expect(try #require(CalendarDate("1970-01-01")).dayNumber == 0)
    #expect(try #require(CalendarDate("2000-03-01")).dayNumber == 11_017)
    #expect(try #require(CalendarDate("0001-01-01")).dayNumber == -719_162)
    #expect(try #require(CalendarDate("9999-12-31")).dayNumber == 2_932_896)
    // Every day of 0001-9999 is one more than the day before it.
    var previous = try #require(CalendarDate("0001-01-01")).dayNumber - 1
    for year in [1, 4, 100, 1600, 1900, 2000, 2023, 2024, 9999] {
      for month in 1...12 {
        for day in 1...CalendarDate.length(ofMonth: month, in: year) {
          let text = String(format: "%04d-%02d-%02d", year, month, day)
          let number = try #require(CalendarDate(text), "\(text)").dayNumber
          if month > 1 || day > 1 { #expect(number == previous + 1, "\(text)") }
          previous = number
        }
      }
    }
  }

  @Test func instantsApplyTheOffset() throws {
    #expect(try #require(DateTimeInstant("1970-01-01T00:00:00Z")).seconds == 0)
    #expect(try #require(DateTimeInstant("1970-01-01T01:00:00+01:00")).seconds == 0)
    #expect(try #require(DateTimeInstant("1969-12-31T19:00:00-05:00")).seconds == 0)
    #expect(try #require(DateTimeInstant("2024-05-01T10:30:00.250Z")).fraction.digits == [2, 5])
    #expect(try #require(TimeOfDay("23:59:59")).seconds == 86_399)
  }

  private func expectOrder<Value: Comparable>(_ lower: Value?, _ higher: Value?, _ pair: FormatVectors.Order) throws {
    let lower = try #require(lower, "\(pair.lower) parses")
    let higher = try #require(higher, "\(pair.higher) parses")
    if pair.equal == true || pair.lower == pair.higher {
      #expect(lower == higher, "\(pair.why)")
    } else {
      #expect(lower < higher, "\(pair.why)")
      #expect(!(higher < lower), "\(pair.why)")
    }
  }
}

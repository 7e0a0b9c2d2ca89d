import NIOConcurrencyHelpers
public import Prometheus
import PureForm

/// The service's metrics in a Prometheus registry, served at `GET /metrics` in Prometheus's text format.
///
/// - `pureform_http_requests_total{method,route,status}`: requests answered, by route (the matched route's
///   path, `NotFound` for none) and status.
/// - `pureform_http_request_duration_seconds{route}`: how long requests took, a histogram.
/// - `pureform_records_total{form,valid}`: records validated (each NDJSON line counts), by verdict.
/// - `pureform_failures_total{form,validator}`: the failures of invalid records, by validator.
/// - `pureform_host_check_errors_total{form,check,error}`: host checks that gave a record no verdict, by
///   form, check and error (`host_check_failed`, `host_check_timeout`).
/// - `pureform_reloads_total{result}`: reloads of the forms, `succeeded` or `failed`.
/// - `pureform_forms`: how many forms are served.
///
/// Labels hold only route patterns, known form names and their validators, so a client cannot grow the
/// registry by sending new paths or names.
public final class FormMetrics: Sendable {
  /// Where the metrics are kept; pass an application's own registry to serve them together.
  public let registry: PrometheusCollectorRegistry

  /// The duration buckets, from 50 µs to 2.5 s.
  private static let buckets: [Duration] = [
    .microseconds(50), .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1),
    .milliseconds(2.5), .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50),
    .milliseconds(100), .milliseconds(250), .milliseconds(1000), .milliseconds(2500),
  ]

  /// The counters and histograms already made, by their labels: the registry makes each once, and a
  /// request then pays for one dictionary look-up instead of building the metric's name and labels.
  private let requestMetrics = NIOLockedValueBox<[RequestLabels: (Counter, DurationHistogram)]>([:])
  private let verdictCounters = NIOLockedValueBox<[VerdictLabels: Counter]>([:])

  /// The labels of a request's counter and histogram.
  private struct RequestLabels: Hashable {
    var method: String
    var route: String
    var status: Int
  }

  /// The labels of a verdict's counter (`validator` nil) or of a failure's (`validator` set).
  private struct VerdictLabels: Hashable {
    var form: String
    var valid: Bool
    var validator: String?
  }

  /// Metrics kept in `registry` (a new one unless given).
  public init(registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry()) {
    self.registry = registry
  }

  /// The metrics in Prometheus's text format (version 0.0.4).
  public func text() -> [UInt8] {
    registry.emitToBuffer()
  }

  /// Counts one request answered with `status` after `duration`.
  func recordRequest(method: String, route: String, status: Int, duration: Duration) {
    let key = RequestLabels(method: method, route: route, status: status)
    let (counter, histogram) = requestMetrics.withLockedValue { made in
      if let found = made[key] { return found }
      let metrics = (
        registry.makeCounter(
          descriptor: Self.name("http_requests", "total", "HTTP requests answered."),
          labels: [("method", method), ("route", route), ("status", String(status))]),
        registry.makeDurationHistogram(
          descriptor: Self.name("http_request", "duration_seconds", "How long HTTP requests took to answer."),
          labels: [("route", route)], buckets: Self.buckets)
      )
      made[key] = metrics
      return metrics
    }
    counter.increment()
    histogram.record(duration)
  }

  /// Counts the verdicts of `valid` and `invalid` records of form `form` and their failures by validator,
  /// as the validation handed them over; a count of zero makes no counter.
  func recordVerdicts(form: String, valid: Int, invalid: Int, failures: [String: Int]) {
    if valid > 0 { verdictCounter(VerdictLabels(form: form, valid: true, validator: nil)).increment(by: Int64(valid)) }
    if invalid > 0 {
      verdictCounter(VerdictLabels(form: form, valid: false, validator: nil)).increment(by: Int64(invalid))
    }
    for (validator, count) in failures where count > 0 {
      verdictCounter(VerdictLabels(form: form, valid: false, validator: validator)).increment(by: Int64(count))
    }
  }

  /// The counter of `labels`, made the first time.
  private func verdictCounter(_ labels: VerdictLabels) -> Counter {
    verdictCounters.withLockedValue { made in
      if let found = made[labels] { return found }
      let counter: Counter
      if let validator = labels.validator {
        counter = registry.makeCounter(
          descriptor: Self.name("failures", "total", "Failures of invalid records, by form and validator."),
          labels: [("form", labels.form), ("validator", validator)])
      } else {
        counter = registry.makeCounter(
          descriptor: Self.name("records", "total", "Records validated, by form and verdict."),
          labels: [("form", labels.form), ("valid", labels.valid ? "true" : "false")])
      }
      made[labels] = counter
      return counter
    }
  }

  /// Counts one host check of form `form` that gave no verdict, with the error code it was answered with.
  func recordHostCheckError(form: String, check: String, code: String) {
    registry.makeCounter(
      descriptor: Self.name("host_check_errors", "total", "Host checks that gave a record no verdict, by error."),
      labels: [("form", form), ("check", check), ("error", code)]
    ).increment()
  }

  /// Counts one reload of the forms, and sets how many are served.
  public func recordReload(succeeded: Bool, forms: Int) {
    registry.makeCounter(
      descriptor: Self.name("reloads", "total", "Reloads of the forms, by result."),
      labels: [("result", succeeded ? "succeeded" : "failed")]
    ).increment()
    if succeeded { recordForms(forms) }
  }

  /// Sets how many forms are served.
  public func recordForms(_ count: Int) {
    registry.makeGauge(descriptor: Self.name("forms", "", "Forms served.")).set(Double(count))
  }

  /// The descriptor of `pureform_<name>_<unit>`.
  private static func name(_ name: String, _ unit: String, _ help: String) -> MetricNameDescriptor {
    MetricNameDescriptor(namespace: "pureform", metricName: name, unitName: unit, helpText: help)
  }
}

import ArgumentParser
import Foundation
import PureForm

/// Checks the raw command line before ArgumentParser reads it, for the mistakes ArgumentParser reports
/// late, vaguely or not at all: an unknown command or option (ArgumentParser names `--inptu` only after
/// complaining that `--input` is missing), and an option that takes one value given twice (ArgumentParser
/// keeps the last one silently).
///
/// The names come from ArgumentParser's own description of the commands, so a new option needs nothing here.
/// Building that description takes milliseconds, so it is asked for only when ArgumentParser refuses the
/// command line or an option repeats (`PureFormCommand.parse`).
enum ArgumentCheck {
  /// What a command accepts, by name with its dashes (`--input`, `-h`).
  struct Names {
    /// Options that take a value and may be given once.
    var single: Set<String> = []
    /// Options that take a value and may be repeated (`--no-warn`).
    var repeatable: Set<String> = []
    /// Flags, which take no value.
    var flags: Set<String> = []

    /// Every name the command accepts.
    var all: Set<String> { single.union(repeatable).union(flags) }
  }

  /// The usage error in `arguments` (without the program name), or nil; also returns the arguments with
  /// a negative number after an option joined to it (`--jobs -1` is `--jobs=-1`), so that ArgumentParser
  /// reads it as the option's value and the command can say what is wrong with it.
  static func check(_ arguments: [String]) -> (arguments: [String], problem: String?) {
    guard let first = arguments.first, !first.hasPrefix("-") else { return (arguments, nil) }
    let commands = subcommands()
    guard let names = commands[first] else {
      let known = commands.keys.sorted()
      let advice =
        Suggestion.closest(to: first, among: known).map { "; did you mean '\($0)'?" }
        ?? ": the commands are \(known.map { "'\($0)'" }.joined(separator: ", "))"
      return (arguments, "unknown command '\(first)'\(advice)")
    }
    var checked = [first]
    var seen: [String: String] = [:]
    var rest = arguments.dropFirst()
    while let argument = rest.popFirst() {
      if argument == "--" {
        checked.append(argument)
        checked += rest
        break
      }
      guard argument.hasPrefix("-"), argument != "-", !isNegativeNumber(argument) else {
        checked.append(argument)
        continue
      }
      let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = String(parts[0])
      if isArgumentParserOwn(name) {
        checked.append(argument)
        continue
      }
      guard names.all.contains(name) else {
        let bare = names.all.filter { $0.hasPrefix("--") }.map { String($0.dropFirst(2)) }.sorted()
        let advice =
          Suggestion.closest(to: String(name.drop(while: { $0 == "-" })), among: bare).map {
            "; did you mean '--\($0)'?"
          } ?? " (see 'pureform \(first) --help')"
        return (arguments, "unknown option '\(name)' for 'pureform \(first)'\(advice)")
      }
      guard !names.flags.contains(name) else {
        checked.append(argument)
        continue
      }
      var value = parts.count == 2 ? String(parts[1]) : nil
      checked.append(argument)
      if value == nil, let next = rest.first, !next.hasPrefix("-") || next == "-" || isNegativeNumber(next) {
        value = rest.removeFirst()
        // ArgumentParser takes `-1` for an option, so it gets the value joined on: `--jobs=-1`.
        if isNegativeNumber(next) { checked[checked.count - 1] += "=\(next)" } else { checked.append(next) }
      }
      guard names.single.contains(name), let value else { continue }
      if let earlier = seen[name] {
        let advice =
          name == "--field" ? "validate one field per run, or leave --field out to validate them all" : "give it once"
        return (arguments, "\(name) is given twice ('\(earlier)', then '\(value)'): \(advice)")
      }
      seen[name] = value
    }
    return (checked, nil)
  }

  /// Whether a `--name` (with or without `=value`) appears twice before any `--`: only then can an option
  /// that takes one value have been given twice, which ArgumentParser accepts (the last one wins).
  static func repeatsAnOption(_ arguments: [String]) -> Bool {
    var seen: Set<Substring> = []
    for argument in arguments {
      if argument == "--" { break }
      guard argument.hasPrefix("--") else { continue }
      let name = argument.prefix(while: { $0 != "=" })
      if !seen.insert(name).inserted { return true }
    }
    return false
  }

  /// Whether `text` is a negative number, such as the `-1` of `--jobs -1`, rather than an option.
  private static func isNegativeNumber(_ text: String) -> Bool {
    text.hasPrefix("-") && text.dropFirst().first?.isASCII == true && text.dropFirst().first?.isNumber == true
  }

  /// Options ArgumentParser answers itself without listing them (`--experimental-dump-help`,
  /// `--generate-completion-script`).
  private static func isArgumentParserOwn(_ name: String) -> Bool {
    name.hasPrefix("--experimental-") || name.hasPrefix("--generate-completion-script")
  }

  /// The names each subcommand accepts, read from ArgumentParser's description of the command tree.
  private static func subcommands() -> [String: Names] {
    let dump = Data(PureFormCommand._dumpHelp().utf8)
    guard let root = (try? JSONSerialization.jsonObject(with: dump)) as? [String: Any],
      let command = root["command"] as? [String: Any],
      let subcommands = command["subcommands"] as? [[String: Any]]
    else { return [:] }
    var result: [String: Names] = [:]
    for subcommand in subcommands {
      guard let name = subcommand["commandName"] as? String else { continue }
      var names = Names()
      for argument in subcommand["arguments"] as? [[String: Any]] ?? [] {
        let spelled = (argument["names"] as? [[String: Any]] ?? []).compactMap { entry -> String? in
          guard let kind = entry["kind"] as? String, let text = entry["name"] as? String else { return nil }
          return kind == "long" ? "--\(text)" : "-\(text)"
        }
        switch (argument["kind"] as? String, argument["isRepeating"] as? Bool ?? false) {
        case ("flag", _): names.flags.formUnion(spelled)
        case ("option", true): names.repeatable.formUnion(spelled)
        case ("option", false): names.single.formUnion(spelled)
        default: break
        }
      }
      result[name] = names
    }
    return result
  }
}

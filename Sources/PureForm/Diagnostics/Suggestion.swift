/// "Did you mean" suggestions for misspelled names: validators, reserved words, enum constants.
package enum Suggestion {
  /// The note "did you mean '…'?" naming the candidate `closest(to:among:)` finds (as `written` writes it), or
  /// `otherwise` when none is close.
  static func notes(
    _ word: String, among candidates: [String], written: (String) -> String = { $0 },
    otherwise: [DiagnosticNote] = []
  ) -> [DiagnosticNote] {
    closest(to: word, among: candidates).map { [DiagnosticNote("did you mean '\(written($0))'?")] } ?? otherwise
  }

  /// The candidate closest to `word`, or nil when none is close enough to be worth suggesting.
  ///
  /// Comparison ignores case. In order of preference:
  /// 1. the candidate at the smallest optimal-string-alignment distance (edits, plus swaps of two
  ///    neighbours), if that distance is at most `max(1, min(3, word.count / 3))` and at most
  ///    `differenceThreshold`: `min_lenght` → `min_length`, `emial` → `email`;
  /// 2. the candidate whose start `word` is, or is within that distance of, when no other candidate's start
  ///    is as close and `word` has at least 3 characters and at least half the candidate's:
  ///    `UIKeyboardTypeEmail` and `UIKeyboardTypeEmial` → `UIKeyboardTypeEmailAddress`, `equal_l` →
  ///    `equal_length`, but `UIKeyboardTypeNumb` (`NumberPad` or `NumbersAndPunctuation`?) → nil;
  /// 3. the longest candidate that is a prefix of `word`, when it has at least 3 characters and at least
  ///    half the word's: `UIKeyboardTypeNumberPadding` → `UIKeyboardTypeNumberPad`.
  ///
  /// Ties go to the candidate that comes first.
  package static func closest(to word: String, among candidates: [String]) -> String? {
    let target = Array(word.lowercased())
    let lowered = candidates.map { Array($0.lowercased()) }
    let threshold = max(1, min(3, target.count / 3))

    var best: (index: Int, distance: Int)?
    for (index, candidate) in lowered.enumerated() {
      let limit = min(best.map { $0.distance - 1 } ?? threshold, differenceThreshold(target, candidate))
      guard abs(candidate.count - target.count) <= limit else { continue }
      let distance = optimalStringAlignmentRow(target, candidate)[candidate.count]
      if distance <= limit { best = (index, distance) }
    }
    if let best { return candidates[best.index] }

    // The word is (close to) the start of one candidate, and closer to it than to the start of any other.
    if target.count >= 3 {
      var nearest: (index: Int, distance: Int)?
      var ambiguous = false
      var seen: Set<[Character]> = []
      for (index, candidate) in lowered.enumerated()
      where candidate.count > target.count && target.count * 2 >= candidate.count
        && seen.insert(candidate).inserted
      {
        let row = optimalStringAlignmentRow(target, candidate)
        guard let length = row.indices.min(by: { row[$0] < row[$1] }) else { continue }
        let distance = row[length]
        let limit = min(threshold, differenceThreshold(target, Array(candidate[..<length])))
        guard distance <= limit else { continue }
        if let current = nearest, current.distance <= distance {
          if current.distance == distance { ambiguous = true }
          continue
        }
        nearest = (index, distance)
        ambiguous = false
      }
      if let nearest, !ambiguous { return candidates[nearest.index] }
    }

    // A candidate is the start of the word.
    var truncated: Int?
    for (index, candidate) in lowered.enumerated()
    where candidate.count >= 3 && candidate.count * 2 >= target.count && target.starts(with: candidate) {
      if let current = truncated, lowered[current].count >= candidate.count { continue }
      truncated = index
    }
    return truncated.map { candidates[$0] }
  }

  /// The distance allowed by the part where two words differ: `max(1, min(3, n / 3))`, where `n` is the
  /// longer of the two once their common start and common end are removed.
  ///
  /// This keeps a long shared prefix from excusing a wholly different ending
  /// (`UIKeyboardTypeNumb` is not `UIKeyboardTypeURL`).
  static func differenceThreshold(_ a: [Character], _ b: [Character]) -> Int {
    let shorter = min(a.count, b.count)
    var start = 0
    while start < shorter, a[start] == b[start] { start += 1 }
    var end = 0
    while end < shorter - start, a[a.count - 1 - end] == b[b.count - 1 - end] { end += 1 }
    let differing = max(a.count, b.count) - start - end
    return max(1, min(3, differing / 3))
  }

  /// The optimal-string-alignment (restricted Damerau-Levenshtein) distances from all of `a` to each prefix of
  /// `b`: element `j` is the distance between `a` and the first `j` characters of `b`.
  static func optimalStringAlignmentRow(_ a: [Character], _ b: [Character]) -> [Int] {
    let width = b.count + 1
    // Three rows: two back (for transpositions), previous, current.
    var twoBack = [Int](repeating: 0, count: width)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: width)
    for i in a.indices.map({ $0 + 1 }) {
      current[0] = i
      for j in b.indices.map({ $0 + 1 }) {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          value = min(value, twoBack[j - 2] + 1)
        }
        current[j] = value
      }
      (twoBack, previous, current) = (previous, current, twoBack)
    }
    return previous
  }
}

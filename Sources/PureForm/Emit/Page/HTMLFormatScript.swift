/// The page script's rules for `<format>`, `<in>`, `<not_in>`, `<min>` and `<max>`, and the coercion of the
/// text a control posts: one JavaScript expression, included once in `HTMLScript` (which calls it as `formats`)
/// and given to tests as `window.PureFormFormats`.
///
/// Each function answers as the server's rule kernel does (`URLFormatRule.accepts`, `UUIDText`,
/// `CalendarDate`, `TimeOfDay`, `DateTimeInstant`, `SecondFraction`; JSON equality for the lists), held to
/// the same vectors (Tests/Vectors/format-*.json) by scripts/check_render_browser.py:
/// - `format(name, text, schemes)`: whether `text` is a value of format `name` (`schemes` for `url`, default
///   http and https).
/// - `moment(name, text)`: a date, time or date_time as `{format, seconds, fraction}` (whole days, seconds of
///   the day, or seconds since 1970 in UTC; the fraction's digits without trailing zeros), or null.
/// - `compare(a, b)`: -1, 0 or 1 for two moments of one format, fractions compared as exact decimals.
/// - `value(type, text)`: the value pureform holds after the view's `<type>` (`{kind: "missing" | "string" |
///   "number" | "bool"}`), or null on a type mismatch; `decimal(text)` and `compareDecimals(a, b)` exact.
/// - `inList(value, elements)`: whether a value equals an element (`{"text"}`, `{"number"}` as JSON number text,
///   `{"bool"}`) by JSON equality: strings by UTF-16 code units, numbers by exact value, bools only with bools.
///
/// The `url` rule asks the browser's `new URL()` and corrects where Chromium departs from the URL Standard on
/// the verdict. Run on every base-independent case of the standard's urltestdata.json (Chromium 156), Chromium
/// departs on 19 cases; 9 change whether a value passes, and are corrected here:
/// - a special URL's host with a space (`http://a b/`, `https://x x:12`, `http://ho%20st/`): Chromium
///   percent-encodes it, the standard refuses a forbidden domain code point. Corrected: Chromium's host,
///   percent-decoded, fails with any forbidden domain code point (an IPv6 address aside).
/// - an `xn--` label that is not valid IDNA (`http://a.b.c.xn--pokxncvks`, `http://10.0.0.XN--pokxncvks` and
///   four more: the label decodes to characters UTS #46 maps, ㉓㋎…): Chromium keeps it, the standard refuses
///   it. Corrected: each `xn--` label of a special URL's host must decode (Punycode, as `Punycode.decode`)
///   to a non-ASCII label, and the host with its labels decoded must come back from the browser's
///   domain-to-ASCII as the same host.
///
/// The other 10 differ only in what is percent-encoded (`'` in a non-special URL's userinfo and query, `*` in a
/// host, `^` and `|` in a path), which no verdict reads.
enum HTMLFormatScript {
  /// The expression: an arrow function called at once, giving the frozen object of functions above.
  static let source = #"""
    (() => {
      "use strict";
      const NUMBER = /^(-?)(0|[1-9][0-9]*)(?:\.([0-9]+))?(?:[eE]([+-]?[0-9]+))?$/;
      const BOOLS = { "true": true, "on": true, "1": true, "false": false, "off": false, "0": false };
      const UUID = /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/;
      const DATE = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/;
      const TIME = /^([0-9]{2}):([0-9]{2})(?::([0-9]{2})(?:\.([0-9]+))?)?$/;
      const DATE_TIME = new RegExp("^([0-9]{4}-[0-9]{2}-[0-9]{2})[Tt]([0-9]{2}):([0-9]{2}):([0-9]{2})" +
        "(?:\\.([0-9]+))?(?:[Zz]|([+-])([0-9]{2}):([0-9]{2}))$");
      // What the URL parser would clean up: a leading or trailing C0 control or space, a tab, LF or CR.
      const CLEAN_UP = /^[\u0000-\u0020]|[\u0000-\u0020]$|[\t\n\r]/;
      const SPECIAL = ["ftp", "file", "http", "https", "ws", "wss"];
      const NEED_HOST = ["http", "https", "ws", "wss", "ftp"];
      const FORBIDDEN_DOMAIN = /[\u0000-\u0020#%/:<>?@[\\\]^|\u007f]/;

      // An exact decimal from RFC 8259 number text: sign, digits without leading or trailing zeros, exponent.
      function decimal(text) {
        const match = NUMBER.exec(text);
        if (!match) return null;
        const fraction = match[3] || "";
        let digits = (match[2] + fraction).replace(/^0+/, "");
        let exponent = Number(match[4] || 0) - fraction.length;
        const trimmed = digits.replace(/0+$/, "");
        exponent += digits.length - trimmed.length;
        digits = trimmed;
        return { sign: digits === "" ? 0 : match[1] ? -1 : 1, digits, exponent };
      }
      function compareDecimals(a, b) {
        if (a.sign !== b.sign) return a.sign < b.sign ? -1 : 1;
        if (a.sign === 0) return 0;
        const lead = (a.digits.length + a.exponent) - (b.digits.length + b.exponent);
        let order = lead < 0 ? -1 : lead > 0 ? 1 : 0;
        if (order === 0) {
          const width = Math.max(a.digits.length, b.digits.length);
          const x = a.digits.padEnd(width, "0"), y = b.digits.padEnd(width, "0");
          order = x < y ? -1 : x > y ? 1 : 0;
        }
        return order * a.sign;
      }

      // The value pureform holds after a view's <type>: missing, string, number or bool; null on a mismatch.
      function value(type, text) {
        if (text === "") return { kind: "missing" };
        if (type === "number" || type === "integer") {
          const number = decimal(text);
          if (!number || (type === "integer" && number.sign !== 0 && number.exponent < 0)) return null;
          return { kind: "number", decimal: number };
        }
        if (type === "bool") return text in BOOLS ? { kind: "bool", bool: BOOLS[text] } : null;
        return { kind: "string", text };
      }

      // <in> and <not_in>: JSON equality, as JSON Schema's enum.
      function inList(held, elements) {
        return elements.some((element) => {
          if ("text" in element) return held.kind === "string" && held.text === element.text;
          if ("number" in element) {
            return held.kind === "number" && compareDecimals(held.decimal, decimal(element.number)) === 0;
          }
          return held.kind === "bool" && held.bool === element.bool;
        });
      }

      // RFC 3492's decoding with IDNA's parameters, as Punycode.decode: the code points, or null.
      function punycode(input) {
        if (/[^\u0000-\u007f]/.test(input)) return null;
        const dash = input.lastIndexOf("-");
        const output = dash < 0 ? [] : Array.from(input.slice(0, dash), (c) => c.codePointAt(0));
        const adapt = (delta, points, first) => {
          delta = Math.floor(first ? delta / 700 : delta / 2);
          delta += Math.floor(delta / points);
          let k = 0;
          for (; delta > 455; k += 36) delta = Math.floor(delta / 35);
          return k + Math.floor(36 * delta / (delta + 38));
        };
        let n = 128, i = 0, bias = 72, index = dash + 1;
        while (index < input.length) {
          const oldI = i;
          for (let w = 1, k = 36; ; k += 36) {
            if (index >= input.length) return null;
            const c = input.charCodeAt(index++);
            const digit = c >= 0x61 && c <= 0x7a ? c - 0x61 : c >= 0x41 && c <= 0x5a ? c - 0x41
              : c >= 0x30 && c <= 0x39 ? c - 0x30 + 26 : -1;
            if (digit < 0) return null;
            i += digit * w;
            if (i > 0x7fffffff) return null;
            const t = k <= bias ? 1 : k >= bias + 26 ? 26 : k - bias;
            if (digit < t) break;
            w *= 36 - t;
            if (w > 0x7fffffff) return null;
          }
          bias = adapt(i - oldI, output.length + 1, oldI === 0);
          n += Math.floor(i / (output.length + 1));
          if (n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff)) return null;
          i %= output.length + 1;
          output.splice(i++, 0, n);
        }
        return String.fromCodePoint(...output);
      }

      // Whether the host Chromium gives a special URL is one the standard's host parser gives (see
      // HTMLFormatScript's list of Chromium's departures).
      function standardHost(hostname) {
        if (hostname.startsWith("[")) return true;
        let domain;
        try { domain = decodeURIComponent(hostname); } catch (error) { return false; }
        if (FORBIDDEN_DOMAIN.test(domain)) return false;
        const labels = domain.split(".");
        if (!labels.some((label) => label.toLowerCase().startsWith("xn--"))) return true;
        const decoded = labels.map((label) => {
          if (!label.toLowerCase().startsWith("xn--")) return label;
          const text = punycode(label.slice(4));
          return text === null || text === "" || !/[^\u0000-\u007f]/.test(text) ? null : text;
        });
        if (decoded.includes(null)) return false;
        try {
          return new URL("http://" + decoded.join(".") + "/").hostname === hostname;
        } catch (error) {
          return false;
        }
      }

      // The url format: the basic URL parser takes the value as sent; the scheme listed; a host where needed.
      function url(text, schemes) {
        if (CLEAN_UP.test(text)) return false;
        let parsed;
        try { parsed = new URL(text); } catch (error) { return false; }
        const scheme = parsed.protocol.slice(0, -1);
        if (!schemes.some((name) => name.toLowerCase() === scheme)) return false;
        if (SPECIAL.includes(scheme) && !standardHost(parsed.hostname)) return false;
        return !NEED_HOST.includes(scheme) || parsed.hostname !== "";
      }

      const isLeapYear = (year) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
      const monthLength = (month, year) => month === 2 ? (isLeapYear(year) ? 29 : 28)
        : [4, 6, 9, 11].includes(month) ? 30 : 31;
      // Days since 1970-01-01 of a `full-date`, or null when the calendar has no such day (as CalendarDate).
      function dayNumber(text) {
        const match = DATE.exec(text);
        if (!match) return null;
        const [year, month, day] = match.slice(1).map(Number);
        if (year < 1 || month < 1 || month > 12 || day < 1 || day > monthLength(month, year)) return null;
        const shifted = month <= 2 ? year - 1 : year, era = Math.floor(shifted / 400);
        const yearOfEra = shifted - era * 400;
        const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
        const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
        return era * 146097 + dayOfEra - 719468;
      }
      // Seconds of the day from hour, minute and second text, or null when one is out of range.
      function secondsOf(hour, minute, second) {
        const [h, m, s] = [hour, minute, second || "00"].map(Number);
        return h < 24 && m < 60 && s < 60 ? h * 3600 + m * 60 + s : null;
      }
      const fractionOf = (digits) => (digits || "").replace(/0+$/, "");

      // A date, time or date_time as the moment <min> and <max> compare, or null.
      function moment(name, text) {
        if (name === "date") {
          const days = dayNumber(text);
          return days === null ? null : { format: name, seconds: days, fraction: "" };
        }
        if (name === "time") {
          const match = TIME.exec(text);
          const seconds = match ? secondsOf(match[1], match[2], match[3]) : null;
          return seconds === null ? null : { format: name, seconds, fraction: fractionOf(match[4]) };
        }
        if (name !== "date_time") return null;
        const match = DATE_TIME.exec(text);
        if (!match) return null;
        const days = dayNumber(match[1]), local = secondsOf(match[2], match[3], match[4]);
        const offset = match[6] === undefined ? 0 : secondsOf(match[7], match[8]);
        if (days === null || local === null || offset === null) return null;
        const utc = days * 86400 + local + (match[6] === "+" ? -offset : offset);
        return { format: name, seconds: utc, fraction: fractionOf(match[5]) };
      }

      function compare(a, b) {
        if (a.seconds !== b.seconds) return a.seconds < b.seconds ? -1 : 1;
        return a.fraction < b.fraction ? -1 : a.fraction > b.fraction ? 1 : 0;
      }

      function format(name, text, schemes) {
        switch (name) {
          case "url": return url(text, schemes || ["http", "https"]);
          case "uuid": return UUID.test(text);
          default: return moment(name, text) !== null;
        }
      }

      return Object.freeze({ format, moment, compare, value, decimal, compareDecimals, inList });
    })()
    """#
}

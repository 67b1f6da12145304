package oashttpimpl

import (
	"bytes"
	"encoding/base64"
	"errors"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/oasgen/oasgen/oasrt"
	"github.com/oasgen/oasgen/oasrt/oasimpl"

	"github.com/oasgen/oasgen/oasrt/oashttp/internal/query"
)

// Parameter parsing and formatting for generated servers and clients
// (OpenAPI 3.1, section 4.8.12.4, "Style Values"). Path segments and query
// values arrive percent-encoded; these functions split on the style's raw
// delimiters first and unescape each value after, so an escaped delimiter
// ("%2C") stays inside its value. Nothing allocates for values that need
// no unescaping.

// CutSegment splits the escaped path after a '/' at its first '/': the
// segment, what follows the '/', and whether there was one. Generated
// routers call it once per segment.
func CutSegment(path string) (seg, rest string, more bool) {
	// Most segments are short: a byte loop finds their end sooner than a
	// call to strings.IndexByte, which takes over past shortSegment bytes.
	n := min(len(path), shortSegment)
	for i := range n {
		if path[i] == '/' {
			return path[:i], path[i+1:], true
		}
	}
	if n < len(path) {
		if i := strings.IndexByte(path[n:], '/'); i >= 0 {
			return path[:n+i], path[n+i+1:], true
		}
	}
	return path, "", false
}

// shortSegment is the length up to which CutSegment and SegmentKey scan a
// segment byte by byte (measured: faster than strings.IndexByte's call on
// the segments of typical paths, slower on long ones).
const shortSegment = 16

// SegmentKey returns the segment to compare with a static path segment of
// the spec: the segment itself, or its percent-decoded form when it has
// escapes ("p%65t" matches "pet"). Invalid escapes never match.
func SegmentKey(seg string) string {
	if !hasEscape(seg) {
		return seg
	}
	s, err := url.PathUnescape(seg)
	if err != nil {
		return "\x00" // matches no static segment of a spec
	}
	return s
}

// HasEscape reports whether an escaped path holds a percent escape: the
// generated router asks once per request, and only then decodes segments
// before comparing them (StaticKey).
func HasEscape(path string) bool {
	return strings.IndexByte(path, '%') >= 0
}

// StaticKey returns SegmentKey(seg) when the path holds escapes, else seg
// as it is: what the generated router compares with static segments.
func StaticKey(seg string, escaped bool) string {
	if !escaped {
		return seg
	}
	return SegmentKey(seg)
}

// hasEscape reports whether a path segment holds a '%'.
func hasEscape(seg string) bool {
	if len(seg) > shortSegment {
		return strings.IndexByte(seg, '%') >= 0
	}
	for i := range len(seg) {
		if seg[i] == '%' {
			return true
		}
	}
	return false
}

// RoutePath returns the path the generated routers match and whether it
// is escaped, that is, whether its segments may hold percent escapes the
// router and the parameter decoders must decode.
//
// When u.RawPath is empty the request's path was sent exactly as net/url
// escapes u.Path (net/url keeps RawPath only when they differ): a '/' in
// u.Path was a '/' in the request, not a "%2F", and every delimiter a
// parameter style uses (",", ";", "=", ".") was sent as it is, since
// net/url never escapes them. The decoded u.Path then splits into the same
// segments, values and delimiters as the escaped path, already decoded: it
// is returned with escaped false, and nothing is scanned. Otherwise the
// path is u.EscapedPath(), escaped when it holds a '%'.
func RoutePath(u *url.URL) (path string, escaped bool) {
	if u.RawPath == "" {
		return u.Path, false
	}
	path = u.EscapedPath()
	return path, HasEscape(path)
}

// EscapedPath returns u.EscapedPath(), the path the generated routers
// match, without re-escaping u.Path byte by byte in the common case: when
// u.RawPath is empty, the path as sent is u.Path escaped (net/url keeps
// RawPath only when they differ), and a path whose bytes all stand for
// themselves in a path is its own escaping.
func EscapedPath(u *url.URL) string {
	if u.RawPath == "" {
		p := u.Path
		i := 0
		for i < len(p) && pathByte[p[i]] {
			i++
		}
		if i == len(p) {
			return p
		}
	}
	return u.EscapedPath()
}

// pathByte holds the bytes net/url leaves unescaped in a path (RFC 3986
// unreserved characters, '/', and the sub-delims and ':' and '@' it keeps;
// it escapes "!'()*"), the bytes EscapedPath passes through.
// TestEscapedPath checks it against net/url.
var pathByte = func() (t [256]bool) {
	for _, c := range "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~$&+,;=:@/" {
		t[c] = true
	}
	return t
}()

// MatchTemplate matches a path segment against a template with several
// parameters or literal text around one ("{name}.{ext}", "v{version}"):
// lits holds the literal text before, between and after the parameters
// (len(vals)+1 pieces). Each parameter takes the shortest non-empty text up
// to the next literal. The captured values are still escaped.
func MatchTemplate(seg string, lits []string, vals []string) bool {
	if !strings.HasPrefix(seg, lits[0]) {
		return false
	}
	seg = seg[len(lits[0]):]
	last := lits[len(lits)-1]
	for i := range vals {
		next := lits[i+1]
		var j int
		if i == len(vals)-1 {
			if !strings.HasSuffix(seg, last) {
				return false
			}
			j = len(seg) - len(last)
		} else {
			if next == "" {
				return false // two adjacent parameters cannot be told apart
			}
			j = strings.Index(seg[min(1, len(seg)):], next) + 1
			if j <= 0 {
				return false
			}
		}
		if j <= 0 {
			return false
		}
		vals[i] = seg[:j]
		seg = seg[j+len(next):]
	}
	return true
}

// PathScalar returns the value of a path parameter from its segment:
// prefix is "" for style simple, "." for label and ";name=" for matrix.
// escaped is what RoutePath said of the path: when false, the segment is
// already decoded and returned as it is, without a scan.
func PathScalar(raw, prefix string, escaped bool) (string, error) {
	if prefix != "" {
		if !strings.HasPrefix(raw, prefix) {
			return "", errors.New("expected " + strconv.Quote(prefix) + " before the value (style)")
		}
		raw = raw[len(prefix):]
	}
	if !escaped || !hasEscape(raw) {
		return raw, nil // what PathUnescape returns, without its scan
	}
	return url.PathUnescape(raw)
}

// PathArray splits a path parameter into the values of an array: prefix
// as for PathScalar, sep "," or, exploded, "." (label) or ";name="
// (matrix). The segment is split on its raw delimiters, then each value is
// decoded when escaped (RoutePath) is true.
func PathArray(raw, prefix, sep string, escaped bool) ([]string, error) {
	if !strings.HasPrefix(raw, prefix) {
		return nil, errors.New("expected " + strconv.Quote(prefix) + " before the value (style)")
	}
	raw = raw[len(prefix):]
	if raw == "" {
		return []string{}, nil
	}
	out := make([]string, 0, strings.Count(raw, sep)+1)
	for {
		v, rest, more := strings.Cut(raw, sep)
		if escaped {
			s, err := url.PathUnescape(v)
			if err != nil {
				return nil, err
			}
			v = s
		}
		out = append(out, v)
		if !more {
			return out, nil
		}
		raw = rest
	}
}

// NextQuery splits the next key=value pair off a raw query string. The key
// is unescaped (a key with an invalid escape is returned as it is, and so
// matches no parameter); the value is returned escaped, for QueryScalar or
// QueryArray.
func NextQuery(q string) (key, value, rest string) { return query.Next(q) }

// QueryScalar unescapes a query value ('+' is a space).
func QueryScalar(raw string) (string, error) {
	return url.QueryUnescape(raw)
}

// QueryArray appends the values of an array query parameter to dst. For
// sep ',' (style form, not exploded) the raw value is split before
// unescaping; for ' ' (spaceDelimited) and '|' (pipeDelimited), whose
// delimiters are commonly sent escaped, after. An exploded array calls it
// once per occurrence with sep 0: the whole value is one item.
func QueryArray(dst []string, raw string, sep byte) ([]string, error) {
	if sep == ' ' || sep == '|' {
		s, err := url.QueryUnescape(raw)
		if err != nil {
			return dst, err
		}
		if s == "" {
			return dst, nil
		}
		return append(dst, strings.Split(s, string(sep))...), nil
	}
	if sep == 0 {
		s, err := url.QueryUnescape(raw)
		return append(dst, s), err
	}
	if raw == "" {
		return dst, nil
	}
	for {
		v, rest, more := strings.Cut(raw, string(sep))
		s, err := url.QueryUnescape(v)
		if err != nil {
			return dst, err
		}
		dst = append(dst, s)
		if !more {
			return dst, nil
		}
		raw = rest
	}
}

// HeaderArray splits a header value (style simple) into array items,
// trimming optional white space around the commas.
func HeaderArray(v string) []string {
	if strings.TrimSpace(v) == "" {
		return []string{}
	}
	out := strings.Split(v, ",")
	for i := range out {
		out[i] = strings.TrimSpace(out[i])
	}
	return out
}

// ErrRepeated is the cause of a ParamError for a single-valued query
// parameter given more than once.
var ErrRepeated = errors.New("given more than once")

// ErrNotAllowed is the cause of a PropertyError for a property an object
// parameter's schema does not allow (additionalProperties: false).
var ErrNotAllowed = errors.New("not allowed (additionalProperties: false)")

// TextValue returns the text s as a JSON string: the value of a member
// of an object parameter that no property declares.
func TextValue(s string) oasrt.Raw {
	w := oasimpl.GetWriter()
	defer oasimpl.ReleaseWriter(w)
	w.String(s)
	return oasrt.Raw(bytes.Clone(w.Buf))
}

// ValueText returns the text of a member of an object parameter that no
// property declares: a JSON string's content, or other JSON as it is.
func ValueText(v oasrt.Raw) string {
	if len(v) > 0 && v[0] == '"' {
		var r oasimpl.Reader
		r.Reset(v)
		if s, err := r.Str(); err == nil {
			return s
		}
	}
	return string(v)
}

// HasPair reports whether the name/value pairs of an object hold the
// property name.
func HasPair(pairs []string, name string) bool {
	for i := 0; i+1 < len(pairs); i += 2 {
		if pairs[i] == name {
			return true
		}
	}
	return false
}

// PairCount returns the number of properties the name/value pairs of an
// object hold, a name given twice counted once: what minProperties and
// maxProperties count.
func PairCount(pairs []string) int {
	if len(pairs) > 32 {
		// A form body may hold many pairs: no quadratic scan.
		names := make(map[string]bool, len(pairs)/2)
		for i := 0; i+1 < len(pairs); i += 2 {
			names[pairs[i]] = true
		}
		return len(names)
	}
	n := 0
	for i := 0; i+1 < len(pairs); i += 2 {
		if !HasPair(pairs[:i], pairs[i]) {
			n++
		}
	}
	return n
}

// AddProperty appends the name/value pair of an object parameter's
// property to pairs; a property already there is a PropertyError with
// ErrRepeated, as a repeated scalar parameter is. Objects have few
// properties, so the scan is short; the query limit bounds it.
func AddProperty(pairs []string, name, value string) ([]string, error) {
	for i := 0; i < len(pairs); i += 2 {
		if pairs[i] == name {
			return pairs, PropertyError(name, ErrRepeated)
		}
	}
	return append(pairs, name, value), nil
}

// Scalar parsers: each returns an error saying what the text is not.

// ParseBool parses "true" or "false".
func ParseBool(s string) (bool, error) {
	switch s {
	case "true":
		return true, nil
	case "false":
		return false, nil
	}
	return false, errors.New(strconv.Quote(s) + " is not a boolean")
}

// ParseInt parses a decimal integer that fits in bits.
func ParseInt(s string, bits int) (int64, error) {
	if n, ok := parseShortInt(s); ok && (bits >= 64 || n >= -1<<(bits-1) && n < 1<<(bits-1)) {
		return n, nil
	}
	text, ok := integerText(s)
	if !ok {
		return 0, numErr(s, strconv.ErrSyntax, "integer", bits)
	}
	n, err := strconv.ParseInt(text, 10, bits)
	if err != nil {
		return 0, numErr(s, err, "integer", bits)
	}
	return n, nil
}

// integerText returns the integer the text of an integer parameter
// stands for, in plain decimal: s itself, or for a number with a fraction
// or an exponent whose value is an integer (1.0, 1e2), which JSON Schema
// counts as an integer, its digits. ok is false for what is not a JSON
// number with an integer value.
func integerText(s string) (string, bool) {
	if jsonNumber(s, true) {
		return s, true
	}
	if !jsonNumber(s, false) {
		return "", false
	}
	return oasimpl.IntegralText(s)
}

// jsonNumber reports whether s is a number as JSON writes it (RFC 8259,
// section 6), an integer when integer is set: parameters follow the
// grammar of the body, so "+1", "01", ".5", "1." and "0x10", which strconv
// takes, are rejected.
func jsonNumber(s string, integer bool) bool {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	switch {
	case i < len(s) && s[i] == '0':
		i++
	case i < len(s) && s[i] >= '1' && s[i] <= '9':
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
	default:
		return false
	}
	if integer {
		return i == len(s)
	}
	if i < len(s) && s[i] == '.' {
		i++
		if i == len(s) || s[i] < '0' || s[i] > '9' {
			return false
		}
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if i == len(s) || s[i] < '0' || s[i] > '9' {
			return false
		}
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
	}
	return i == len(s)
}

// parseShortInt parses a JSON integer of at most 18 digits (an optional
// minus, then digits without a leading zero), which always
// fits in an int64: path and query parameters are mostly such numbers,
// and this loop is several times faster than strconv's general one.
// Anything else is left to strconv, for its result and error.
func parseShortInt(s string) (int64, bool) {
	d := s
	if len(d) > 0 && d[0] == '-' {
		d = d[1:]
	}
	if len(d) == 0 || len(d) > 18 || d[0] == '0' && len(d) > 1 {
		return 0, false
	}
	var n int64
	for i := range len(d) {
		c := d[i] - '0'
		if c > 9 {
			return 0, false
		}
		n = n*10 + int64(c)
	}
	if s[0] == '-' {
		n = -n
	}
	return n, true
}

// ParseUint parses a decimal unsigned integer that fits in bits.
func ParseUint(s string, bits int) (uint64, error) {
	text, ok := integerText(s)
	if !ok {
		return 0, numErr(s, strconv.ErrSyntax, "unsigned integer", bits)
	}
	n, err := strconv.ParseUint(text, 10, bits)
	if err != nil {
		return 0, numErr(s, err, "unsigned integer", bits)
	}
	return n, nil
}

// ParseFloat parses a decimal number; NaN and infinities are not numbers
// in JSON Schema and are rejected.
func ParseFloat(s string, bits int) (float64, error) {
	f, err := strconv.ParseFloat(s, bits)
	if err == nil && !jsonNumber(s, false) {
		err = strconv.ErrSyntax
	}
	if err != nil || strings.ContainsAny(s, "iInN") {
		if err == nil {
			err = strconv.ErrSyntax
		}
		return 0, numErr(s, err, "number", bits)
	}
	return f, nil
}

func numErr(s string, err error, what string, bits int) error {
	if errors.Is(err, strconv.ErrRange) {
		return errors.New(strconv.Quote(s) + " is out of range for a " + strconv.Itoa(bits) + "-bit " + what)
	}
	return errors.New(strconv.Quote(s) + " is not " + article(what) + " " + what)
}

func article(w string) string {
	if strings.IndexByte("aeiou", w[0]) >= 0 {
		return "an"
	}
	return "a"
}

// ParseTime parses an RFC 3339 date-time as oasrt.ParseDateTime does (a leap
// second is the next second).
func ParseTime(s string) (time.Time, error) {
	t, err := oasrt.ParseDateTime(s)
	if err != nil {
		return t, errors.New(strconv.Quote(s) + " is not an RFC 3339 date-time")
	}
	return t, nil
}

// ParseAddr parses an IP address; version 4 or 6 requires that family.
func ParseAddr(s string, version int) (netip.Addr, error) {
	a, err := netip.ParseAddr(s)
	if err != nil || version == 4 && !a.Is4() || version == 6 && !a.Is6() {
		what := "an IP address"
		if version != 0 {
			what = "an IPv" + strconv.Itoa(version) + " address"
		}
		return netip.Addr{}, errors.New(strconv.Quote(s) + " is not " + what)
	}
	return a, nil
}

// ParseBytes64 parses standard padded base64, as a byte format value.
func ParseBytes64(s string) ([]byte, error) {
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		return nil, errors.New(strconv.Quote(s) + " is not base64")
	}
	return b, nil
}

// InvalidValue is the error for a text outside an enum.
func InvalidValue(s, typeName string) error {
	return errors.New(strconv.Quote(s) + " is not a valid " + typeName)
}

// Formatting for clients: the inverse of the parsers above.

// FormatTime formats an RFC 3339 date-time, as the JSON writer does.
func FormatTime(t time.Time) string { return t.Format(time.RFC3339Nano) }

// FormatFloat formats a number as the JSON writer does for its size.
func FormatFloat(f float64, bits int) string { return strconv.FormatFloat(f, 'g', -1, bits) }

// FormatBytes64 formats bytes as standard padded base64.
func FormatBytes64(b []byte) string { return base64.StdEncoding.EncodeToString(b) }

// AppendPath appends an escaped path parameter of the given style to b:
// vals are its formatted values (one for a scalar), prefix and sep as for
// PathArray.
func AppendPath(b []byte, prefix, sep string, vals ...string) []byte {
	b = append(b, prefix...)
	for i, v := range vals {
		if i > 0 {
			b = append(b, sep...)
		}
		b = append(b, url.PathEscape(v)...)
	}
	return b
}

// AppendQuery appends name=value pairs for a query parameter to a raw
// query: exploded, one pair per value; otherwise one pair with the values
// joined by sep (',', ' ' or '|', written escaped when needed).
func AppendQuery(q []byte, name string, explode bool, sep byte, vals ...string) []byte {
	return query.Append(q, name, explode, sep, vals...)
}

// ParseDateValue parses a full-date parameter ("2021-01-27").
func ParseDateValue(s string) (oasrt.Date, error) {
	d, err := oasrt.ParseDate(s)
	if err != nil {
		return d, errors.New(strconv.Quote(s) + " is not a date: " + err.Error())
	}
	return d, nil
}

// ParseUUIDValue parses a uuid parameter.
func ParseUUIDValue(s string) (oasrt.UUID, error) {
	u, err := oasrt.ParseUUID(s)
	if err != nil {
		return u, errors.New(strconv.Quote(s) + " is not a UUID: " + err.Error())
	}
	return u, nil
}

// AppendPair appends key=value to a raw query, escaping the key (value is
// kept as it came, escaped). Servers collect the pairs of a deepObject
// parameter ("filter[color]=red") with it.
func AppendPair(q, key, value string) string {
	if q != "" {
		q += "&"
	}
	return q + url.QueryEscape(key) + "=" + value
}

// Object parameters (a schema with scalar properties) travel as name/value
// pairs. Generated code gathers them as a flat list, name then value,
// whatever the style, and decodes that list into the struct.

// ObjectPairs turns the items of a style's list into name/value pairs: not
// exploded, the items alternate names and values ("a,1,b,2"); exploded,
// each item is "name=value" ("a=1,b=2"). A name given twice is a
// PropertyError with ErrRepeated, as it is in the query (AddProperty).
func ObjectPairs(items []string, exploded bool) ([]string, error) {
	pairs := items
	if !exploded {
		if len(items)%2 != 0 {
			return nil, errors.New("an object needs name,value pairs; got an odd number of items")
		}
	} else {
		pairs = make([]string, 0, 2*len(items))
		for _, it := range items {
			k, v, ok := strings.Cut(it, "=")
			if !ok {
				return nil, errors.New("expected name=value, got " + strconv.Quote(it))
			}
			pairs = append(pairs, k, v)
		}
	}
	if name, ok := repeatedName(pairs); ok {
		return nil, PropertyError(name, ErrRepeated)
	}
	return pairs, nil
}

// repeatedName returns a name the name/value pairs give twice.
func repeatedName(pairs []string) (string, bool) {
	if len(pairs) > 32 {
		// A header may hold many pairs: no quadratic scan.
		names := make(map[string]bool, len(pairs)/2)
		for i := 0; i+1 < len(pairs); i += 2 {
			if names[pairs[i]] {
				return pairs[i], true
			}
			names[pairs[i]] = true
		}
		return "", false
	}
	for i := 2; i+1 < len(pairs); i += 2 {
		if HasPair(pairs[:i], pairs[i]) {
			return pairs[i], true
		}
	}
	return "", false
}

// DeepObjectKey returns the property a deepObject query key names
// ("filter[color]" is property "color" of parameter "filter").
func DeepObjectKey(key, name string) (string, bool) {
	if len(key) > len(name)+2 && strings.HasPrefix(key, name) && key[len(name)] == '[' && key[len(key)-1] == ']' {
		return key[len(name)+1 : len(key)-1], true
	}
	return "", false
}

// PropertyError is the cause of a ParamError for one property of an object
// parameter.
func PropertyError(property string, err error) error { return query.PropertyError(property, err) }

// AppendPathPairs appends an exploded object path parameter: prefix, then
// name=value pairs, escaped, joined by sep.
func AppendPathPairs(b []byte, prefix, sep string, pairs ...string) []byte {
	b = append(b, prefix...)
	for i := 0; i+1 < len(pairs); i += 2 {
		if i > 0 {
			b = append(b, sep...)
		}
		b = append(b, url.PathEscape(pairs[i])...)
		b = append(b, '=')
		b = append(b, url.PathEscape(pairs[i+1])...)
	}
	return b
}

// JoinPairs joins object pairs for a header or cookie: "a,1,b,2", or
// exploded "a=1,b=2".
func JoinPairs(pairs []string, exploded bool) string {
	if !exploded {
		return strings.Join(pairs, ",")
	}
	var b strings.Builder
	for i := 0; i+1 < len(pairs); i += 2 {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(pairs[i])
		b.WriteByte('=')
		b.WriteString(pairs[i+1])
	}
	return b.String()
}

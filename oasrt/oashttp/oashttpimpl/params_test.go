package oashttpimpl

import (
	"reflect"
	"strconv"
	"strings"
	"testing"
)

func TestCutSegment(t *testing.T) {
	tests := []struct {
		in, seg, rest string
		more          bool
	}{
		{"", "", "", false},
		{"pet", "pet", "", false},
		{"pet/", "pet", "", true},
		{"pet/1/x", "pet", "1/x", true},
		{"/x", "", "x", true},
	}
	for _, tt := range tests {
		seg, rest, more := CutSegment(tt.in)
		if seg != tt.seg || rest != tt.rest || more != tt.more {
			t.Errorf("CutSegment(%q) = %q, %q, %v; want %q, %q, %v", tt.in, seg, rest, more, tt.seg, tt.rest, tt.more)
		}
	}
}

func TestSegmentKey(t *testing.T) {
	for in, want := range map[string]string{
		"pet": "pet", "p%65t": "pet", "a%2Fb": "a/b", "%zz": "\x00", "a+b": "a+b", "": "",
	} {
		if got := SegmentKey(in); got != want {
			t.Errorf("SegmentKey(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestMatchTemplate(t *testing.T) {
	tests := []struct {
		seg  string
		lits []string
		want []string // nil: no match
	}{
		{"a.txt", []string{"", ".", ""}, []string{"a", "txt"}},
		{"a.tar.gz", []string{"", ".", ""}, []string{"a", "tar.gz"}},
		{".txt", []string{"", ".", ""}, nil},
		{"a.", []string{"", ".", ""}, nil},
		{"atxt", []string{"", ".", ""}, nil},
		{"v2", []string{"v", ""}, []string{"2"}},
		{"v", []string{"v", ""}, nil},
		{"x2", []string{"v", ""}, nil},
		{"img-1.png", []string{"img-", ".png"}, []string{"1"}},
		{"img-.png", []string{"img-", ".png"}, nil},
		{"ab", []string{"", "", ""}, nil}, // adjacent parameters never match
	}
	for _, tt := range tests {
		vals := make([]string, len(tt.lits)-1)
		ok := MatchTemplate(tt.seg, tt.lits, vals)
		if ok != (tt.want != nil) || ok && !reflect.DeepEqual(vals, tt.want) {
			t.Errorf("MatchTemplate(%q, %q) = %v %q, want %q", tt.seg, tt.lits, ok, vals, tt.want)
		}
	}
}

func TestPathStyles(t *testing.T) {
	tests := []struct {
		name, raw, prefix, sep string
		want                   []string
		wantErr                string
	}{
		{"simple", "a,b%2Cc", "", ",", []string{"a", "b,c"}, ""},
		{"simple empty", "", "", ",", []string{}, ""},
		{"label", ".a,b", ".", ",", []string{"a", "b"}, ""},
		{"label exploded", ".a.b", ".", ".", []string{"a", "b"}, ""},
		{"label without dot", "a.b", ".", ".", nil, `expected "." before the value (style)`},
		{"matrix", ";id=1,2", ";id=", ",", []string{"1", "2"}, ""},
		{"matrix exploded", ";id=1;id=2%3B", ";id=", ";id=", []string{"1", "2;"}, ""},
		{"bad escape", "a%zz", "", ",", nil, `invalid URL escape "%zz"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := PathArray(tt.raw, tt.prefix, tt.sep, true)
			if tt.wantErr != "" {
				if err == nil || err.Error() != tt.wantErr {
					t.Fatalf("error %v, want %s", err, tt.wantErr)
				}
				return
			}
			if err != nil || !reflect.DeepEqual(got, tt.want) {
				t.Errorf("PathArray = %q, %v; want %q", got, err, tt.want)
			}
		})
	}
	if s, err := PathScalar(";id=a%20b", ";id=", true); s != "a b" || err != nil {
		t.Errorf("PathScalar matrix = %q, %v", s, err)
	}
	// A path RoutePath found unescaped is already decoded: its '%' stays.
	if s, err := PathScalar(";id=a%20b", ";id=", false); s != "a%20b" || err != nil {
		t.Errorf("PathScalar decoded = %q, %v", s, err)
	}
	if got, err := PathArray(".a%zz.b", ".", ".", false); !reflect.DeepEqual(got, []string{"a%zz", "b"}) || err != nil {
		t.Errorf("PathArray decoded = %q, %v", got, err)
	}
}

func TestQuery(t *testing.T) {
	var pairs []string
	for q := "a=1&b%5B0%5D=x+y&&c&d=%zz&e=a=b"; q != ""; {
		var k, v string
		k, v, q = NextQuery(q)
		pairs = append(pairs, k+"|"+v)
	}
	want := []string{"a|1", "b[0]|x+y", "|", "c|", "d|%zz", "e|a=b"}
	if !reflect.DeepEqual(pairs, want) {
		t.Errorf("NextQuery pairs %q, want %q", pairs, want)
	}

	tests := []struct {
		raw  string
		sep  byte
		want []string
	}{
		{"a,b%2Cc", ',', []string{"a", "b,c"}},
		{"a+b", 0, []string{"a b"}},
		{"a%20b+c", ' ', []string{"a", "b", "c"}},
		{"a|b%7Cc", '|', []string{"a", "b", "c"}},
		{"", ',', nil},
	}
	for _, tt := range tests {
		got, err := QueryArray(nil, tt.raw, tt.sep)
		if err != nil || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("QueryArray(%q, %q) = %q, %v; want %q", tt.raw, tt.sep, got, err, tt.want)
		}
	}
	if _, err := QueryArray(nil, "a,%zz", ','); err == nil {
		t.Error("QueryArray accepted a bad escape")
	}
}

func TestScalarParsers(t *testing.T) {
	errOf := func(_ any, err error) string {
		if err == nil {
			return ""
		}
		return err.Error()
	}
	tests := []struct{ got, want string }{
		{errOf(ParseBool("true")), ""},
		{errOf(ParseBool("1")), `"1" is not a boolean`},
		{errOf(ParseInt("-12", 64)), ""},
		{errOf(ParseInt("1.5", 64)), `"1.5" is not an integer`},
		{errOf(ParseInt("128", 8)), `"128" is out of range for a 8-bit integer`},
		{errOf(ParseUint("-1", 64)), `"-1" is not an unsigned integer`},
		{errOf(ParseFloat("1e3", 64)), ""},
		{errOf(ParseFloat("Inf", 64)), `"Inf" is not a number`},
		{errOf(ParseFloat("nan", 64)), `"nan" is not a number`},
		{errOf(ParseTime("2024-01-02T03:04:05.5+01:00")), ""},
		{errOf(ParseTime("2024-01-02")), `"2024-01-02" is not an RFC 3339 date-time`},
		{errOf(ParseTime("1998-12-31t23:59:60z")), ""},
		{errOf(ParseTime("2024-01-02T03:04:05+10:60")), `"2024-01-02T03:04:05+10:60" is not an RFC 3339 date-time`},
		{errOf(ParseDateValue("2024-02-30")), `"2024-02-30" is not a date: no such day`},
		{errOf(ParseUUIDValue("x")), `"x" is not a UUID: want xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`},
		{errOf(ParseAddr("::1", 4)), `"::1" is not an IPv4 address`},
		{errOf(ParseAddr("::1", 0)), ""},
		{errOf(ParseBytes64("aGk=")), ""},
		{errOf(ParseBytes64("a")), `"a" is not base64`},
	}
	for i, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%d: error %q, want %q", i, tt.got, tt.want)
		}
	}
}

func TestAppendParams(t *testing.T) {
	if got := string(AppendPath([]byte("/p/"), ";id=", ";id=", "a b", "c/d")); got != "/p/;id=a%20b;id=c%2Fd" {
		t.Errorf("AppendPath = %s", got)
	}
	var q []byte
	q = AppendQuery(q, "t", true, ',', "a&b", "c")
	q = AppendQuery(q, "ids", false, ',', "1", "2")
	q = AppendQuery(q, "s", false, ' ', "x", "y")
	q = AppendQuery(q, "p", false, '|', "x", "y")
	q = AppendQuery(q, "none", true, ',')
	if got := string(q); got != "t=a%26b&t=c&ids=1,2&s=x%20y&p=x%7Cy" {
		t.Errorf("AppendQuery = %s", got)
	}
	// What AppendQuery writes, the server reads back.
	for rest := string(q); rest != ""; {
		var k, v string
		k, v, rest = NextQuery(rest)
		sep := map[string]byte{"t": 0, "ids": ',', "s": ' ', "p": '|'}[k]
		vals, err := QueryArray(nil, v, sep)
		if err != nil || strings.Join(vals, "") == "" {
			t.Errorf("%s=%s read back as %q, %v", k, v, vals, err)
		}
	}
	if got := AppendPair("a=1", "f[x]", "2"); got != "a=1&f%5Bx%5D=2" {
		t.Errorf("AppendPair = %s", got)
	}
}

func TestMedia(t *testing.T) {
	for ct, want := range map[string]bool{
		"application/json": true, "Application/JSON; charset=utf-8": true, "application/problem+json": true,
		"application/jsonx": false, "text/json": false, "+json": false, "": false,
	} {
		if IsJSON(ct) != want {
			t.Errorf("IsJSON(%q) = %v", ct, !want)
		}
	}
	ranges := []string{"text/*", "application/octet-stream"}
	for ct, want := range map[string]bool{
		"text/plain; charset=utf-8": true, "TEXT/CSV": true, "application/octet-stream": true,
		"application/json": false, "text": false, "": false,
	} {
		if MediaMatches(ct, ranges) != want {
			t.Errorf("MediaMatches(%q) = %v", ct, !want)
		}
	}
	if !MediaMatches("image/png", []string{"*/*"}) {
		t.Error("*/* does not match image/png")
	}
}

func TestObjectPairs(t *testing.T) {
	got, err := ObjectPairs([]string{"r", "1", "g", "2"}, false)
	if err != nil || !reflect.DeepEqual(got, []string{"r", "1", "g", "2"}) {
		t.Errorf("not exploded: %q %v", got, err)
	}
	got, err = ObjectPairs([]string{"r=1", "g=2=3"}, true)
	if err != nil || !reflect.DeepEqual(got, []string{"r", "1", "g", "2=3"}) {
		t.Errorf("exploded: %q %v", got, err)
	}
	if _, err := ObjectPairs([]string{"r"}, false); err == nil {
		t.Error("odd list accepted")
	}
	if _, err := ObjectPairs([]string{"r"}, true); err == nil {
		t.Error("item without = accepted")
	}
	// A name given twice, in short lists and long ones.
	long := []string{}
	for i := range 40 {
		long = append(long, "p"+strconv.Itoa(i), "v")
	}
	for _, items := range [][]string{{"r", "1", "r", "2"}, {"r=1", "g=2", "r=3"}, append(long, "p7", "v")} {
		_, err := ObjectPairs(items, strings.Contains(items[0], "="))
		if err == nil || !strings.Contains(err.Error(), ErrRepeated.Error()) {
			t.Errorf("%q: %v, want %v", items, err, ErrRepeated)
		}
	}
	if _, err := ObjectPairs(long, false); err != nil {
		t.Errorf("40 names: %v", err)
	}
	for key, want := range map[string]string{"f[a]": "a", "f[]": "", "f[a": "", "g[a]": "", "f": "", "f[a][b]": "a][b"} {
		got, ok := DeepObjectKey(key, "f")
		if got != want || ok != (want != "") {
			t.Errorf("DeepObjectKey(%q) = %q %v, want %q", key, got, ok, want)
		}
	}
	if got := string(AppendPathPairs(nil, ";", ";", "r", "1", "a b", "c/d")); got != ";r=1;a%20b=c%2Fd" {
		t.Errorf("AppendPathPairs = %s", got)
	}
	if got := JoinPairs([]string{"x", "1", "y", "2"}, true); got != "x=1,y=2" {
		t.Errorf("JoinPairs exploded = %s", got)
	}
	if got := JoinPairs([]string{"x", "1"}, false); got != "x,1" {
		t.Errorf("JoinPairs = %s", got)
	}
}

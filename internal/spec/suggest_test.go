package spec

import "testing"

func TestSuggest(t *testing.T) {
	types := []string{"array", "boolean", "integer", "null", "number", "object", "string"}
	for _, tc := range []struct {
		s     string
		names []string
		want  string
	}{
		{"bool", types, "boolean"},
		{"int", types, "integer"},
		{"strng", types, "string"},
		{"Integer", types, "integer"},
		{"intger", types, "integer"},
		{"string", types, ""},
		{"date", types, ""},
		{"xy", types, ""},
		{"Todoo", []string{"Todo", "TodoList", "User"}, "Todo"},
		{"Tod", []string{"Todo", "TodoList"}, "Todo"},
		{"Usr", []string{"Todo", "User"}, "User"},
		{"model-package", []string{"model-packages", "parts"}, "model-packages"},
		{"jsontokens", []string{"json-tokens", "tags"}, "json-tokens"},
		{"x", []string{"i", "o", "p"}, ""},
		{"colour", []string{"color", "column"}, "color"},
		{"", []string{"a"}, ""},
		{"stlye", []string{"style", "param"}, "style"},
		{"outptu", []string{"input", "output"}, "output"},
	} {
		if got := Suggest(tc.s, tc.names); got != tc.want {
			t.Errorf("Suggest(%q) = %q, want %q", tc.s, got, tc.want)
		}
	}
	if got := DidYouMean("Todoo", []string{"Todo"}); got != "; did you mean Todo?" {
		t.Errorf("DidYouMean: %q", got)
	}
	for _, tc := range []struct {
		a, b string
		want int
	}{{"kitten", "sitting", 3}, {"stlye", "style", 1}, {"", "abc", 3}, {"ca", "abc", 3}} {
		if d := EditDistance(tc.a, tc.b); d != tc.want {
			t.Errorf("EditDistance(%q, %q) = %d, want %d", tc.a, tc.b, d, tc.want)
		}
	}
}

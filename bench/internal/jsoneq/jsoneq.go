// Package jsoneq tells whether two JSON documents mean the same value: the
// agreement check of the peers, whose output may order object members
// differently (openapi-generator's MarshalJSON goes through a map) or spell
// numbers differently (1e+21, 1e21) from the payload's.
package jsoneq

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"reflect"
	"slices"
	"strings"
)

// Equal returns nil if want and got are valid JSON documents holding the
// same value: objects with the same members in any order, arrays with the
// same elements, equal strings, and numbers of equal value (integers
// compared exactly). Otherwise it says where they first differ.
func Equal(want, got []byte) error {
	w, err := decode(want)
	if err != nil {
		return fmt.Errorf("want: %w", err)
	}
	g, err := decode(got)
	if err != nil {
		return fmt.Errorf("got: %w", err)
	}
	return diff("$", w, g)
}

func decode(b []byte) (any, error) {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return nil, err
	}
	if d.More() {
		return nil, fmt.Errorf("data after the document")
	}
	return v, nil
}

func diff(path string, w, g any) error {
	switch w := w.(type) {
	case map[string]any:
		g, ok := g.(map[string]any)
		if !ok {
			return fmt.Errorf("%s: want an object, got %T", path, g)
		}
		keys := make([]string, 0, len(w)+len(g))
		for k := range w {
			keys = append(keys, k)
		}
		for k := range g {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range slices.Compact(keys) {
			wv, wok := w[k]
			gv, gok := g[k]
			if wok != gok {
				return fmt.Errorf("%s.%s: present in want %v, in got %v", path, k, wok, gok)
			}
			if err := diff(path+"."+k, wv, gv); err != nil {
				return err
			}
		}
		return nil
	case []any:
		g, ok := g.([]any)
		if !ok {
			return fmt.Errorf("%s: want an array, got %T", path, g)
		}
		if len(w) != len(g) {
			return fmt.Errorf("%s: want %d elements, got %d", path, len(w), len(g))
		}
		for i := range w {
			if err := diff(fmt.Sprintf("%s[%d]", path, i), w[i], g[i]); err != nil {
				return err
			}
		}
		return nil
	case json.Number:
		g, ok := g.(json.Number)
		if !ok {
			return fmt.Errorf("%s: want number %s, got %T", path, w, g)
		}
		if !sameNumber(string(w), string(g)) {
			return fmt.Errorf("%s: want %s, got %s", path, w, g)
		}
		return nil
	default:
		if !reflect.DeepEqual(w, g) {
			return fmt.Errorf("%s: want %#v, got %#v", path, w, g)
		}
		return nil
	}
}

// sameNumber compares integers exactly and other numbers as float64s.
func sameNumber(a, b string) bool {
	if !strings.ContainsAny(a+b, ".eE") {
		x, ok1 := new(big.Int).SetString(a, 10)
		y, ok2 := new(big.Int).SetString(b, 10)
		return ok1 && ok2 && x.Cmp(y) == 0
	}
	x, _, err1 := big.ParseFloat(a, 10, 64, big.ToNearestEven)
	y, _, err2 := big.ParseFloat(b, 10, 64, big.ToNearestEven)
	return err1 == nil && err2 == nil && x.Cmp(y) == 0
}

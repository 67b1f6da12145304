package gen

import (
	"slices"
	"testing"
)

// TestPlaceRoutes: placeRoutes puts a router's functions into contiguous
// runs, matchRoute's first, each within the bound unless it is one
// function longer than that, and as many runs as the bound asks for when
// the functions are small: Graph beta's 155,000 lines make four
// packages of about 39,000, not three full ones and a small one.
func TestPlaceRoutes(t *testing.T) {
	even := make([]int, 1940) // about 155,000 lines
	for i := range even {
		even[i] = 50 + i%7*10
	}
	for _, c := range []struct {
		name  string
		lines []int
		bound int
		want  int // packages
	}{
		{"one", []int{10}, 5, 1},
		{"under", []int{10, 20, 30}, 100, 1},
		{"even", even, 50_000, 4},
		{"big first", []int{500, 10, 10, 10, 10}, 100, 2},
		{"big middle", []int{10, 10, 500, 10, 10}, 100, 3},
		{"tight", []int{60, 60, 60, 60}, 100, 4},
	} {
		of, n := placeRoutes(c.lines, c.bound)
		if n != c.want {
			t.Errorf("%s: %d packages, want %d", c.name, n, c.want)
		}
		sizes, counts := make([]int, n), make([]int, n)
		for i, k := range of {
			if i == 0 && k != 0 || i > 0 && k != of[i-1] && k != of[i-1]+1 {
				t.Fatalf("%s: not contiguous runs from package 0: %v", c.name, of)
			}
			sizes[k] += c.lines[i]
			counts[k]++
		}
		if of[len(of)-1] != n-1 {
			t.Errorf("%s: the last function is in package %d of %d", c.name, of[len(of)-1], n)
		}
		for k := range n {
			if sizes[k] > c.bound && counts[k] > 1 {
				t.Errorf("%s: package %d has %d lines in %d functions, past %d", c.name, k, sizes[k], counts[k], c.bound)
			}
		}
		if c.name == "even" && slices.Min(sizes) < c.bound/2 {
			t.Errorf("%s: packages of %v lines, not about as long as each other", c.name, sizes)
		}
	}
}

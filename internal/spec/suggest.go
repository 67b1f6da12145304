package spec

import (
	"strings"

	"github.com/pb33f/go-yaml"
)

// Suggest returns the name among names closest to s, when it is close
// enough to be what was meant: the nearest by edit distance (case
// ignored, editDistance) when that is at most 2 and at most a third of s's length, so
// that a short word is not matched to any other; otherwise the shortest
// name that s, 3 runes or more, begins (bool: boolean). It returns ""
// when none is, or when s is one of names.
func Suggest(s string, names []string) string {
	limit := min(2, len([]rune(s))/3)
	best, bestDist := "", limit+1
	prefix := ""
	ls := strings.ToLower(s)
	for _, n := range names {
		if n == s {
			return ""
		}
		ln := strings.ToLower(n)
		if d := editDistance(ls, ln, bestDist); d < bestDist {
			best, bestDist = n, d
		}
		if len(ls) >= 3 && strings.HasPrefix(ln, ls) && (prefix == "" || len(n) < len(prefix)) {
			prefix = n
		}
	}
	if best == "" {
		return prefix
	}
	return best
}

// DidYouMean is "; did you mean NAME?" with Suggest's name, for the end
// of a message, or "" when no name is close.
func DidYouMean(s string, names []string) string {
	if n := Suggest(s, names); n != "" {
		return "; did you mean " + n + "?"
	}
	return ""
}

// EditDistance is the number of edits between a and b (editDistance).
func EditDistance(a, b string) int {
	return editDistance(a, b, max(len(a), len(b))+1)
}

// editDistance is the number of edits between a and b, in runes: rune
// insertions, deletions, substitutions and swaps of two neighbours
// (Levenshtein's distance with transpositions, the optimal string
// alignment), or a number at least bound when it is bound or more.
func editDistance(a, b string, bound int) int {
	ra, rb := []rune(a), []rune(b)
	if d := len(ra) - len(rb); d >= bound || -d >= bound {
		return bound
	}
	rows := [3][]int{make([]int, len(rb)+1), make([]int, len(rb)+1), make([]int, len(rb)+1)}
	for j := range rows[1] {
		rows[1][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		before, prev, cur := rows[0], rows[1], rows[2]
		cur[0] = i
		low := i
		for j := 1; j <= len(rb); j++ {
			sub := prev[j-1]
			if ra[i-1] != rb[j-1] {
				sub++
			}
			cur[j] = min(sub, prev[j]+1, cur[j-1]+1)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], before[j-2]+1)
			}
			low = min(low, cur[j])
		}
		if low >= bound {
			return bound
		}
		rows = [3][]int{prev, cur, before}
	}
	return rows[1][len(rb)]
}

// keySuggestion is DidYouMean for key among the keys of the mapping n
// (a $ref's name that is not there), or "" when n is no mapping.
func keySuggestion(n *yaml.Node, key string) string {
	if n == nil || n.Kind != yaml.MappingNode {
		return ""
	}
	keys := make([]string, 0, len(n.Content)/2)
	for i := 0; i+1 < len(n.Content); i += 2 {
		keys = append(keys, n.Content[i].Value)
	}
	return DidYouMean(key, keys)
}

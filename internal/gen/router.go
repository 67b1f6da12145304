package gen

import (
	"bytes"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// The router is one generated function, matchRoute, that walks the escaped
// request path segment by segment through nested switch statements: at
// each depth a switch on the segment text for the static segments, then the
// segment templates with literal text ("{name}.{ext}"), then a whole-segment
// parameter. A branch that matches returns; one that fails falls through to
// the next alternative at the same depth, so static segments win over
// parameters without excluding them. Parameters are captured as substrings
// of the path into a fixed array: no allocation, no map, and a cost that
// depends on the depth of the path, not on the number of routes.
//
// A subtree of many operations is matched by a function of its own
// (matchRoute1, ...), called where its segment matched: the compiler's
// cost grows faster than a function's size (register allocation above
// all), so Kubernetes' 845 operations in one function took more to build
// than the same tree in a few dozen, for a call or two more per request.

// rnode is a node of the route tree: the routes that share a prefix of
// segments.
type rnode struct {
	static map[string]*rnode
	templ  []*rtempl
	param  *rnode
	ends   []*apiOp
	dups   []*apiOp // operations with the method and route of another
}

// weight is the number of operations the code matching the tree under n
// decides between, a subtree with a function of its own counting as one.
// While that is more than maxRouteWeight, the heaviest subtree under n
// gets a function, marked in split, down to minRouteWeight.
func (n *rnode) weight(split map[*rnode]bool) int {
	var cs []*rnode
	for _, key := range slices.Sorted(maps.Keys(n.static)) {
		cs = append(cs, n.static[key])
	}
	for _, t := range n.templ {
		cs = append(cs, t.node)
	}
	if n.param != nil {
		cs = append(cs, n.param)
	}
	ws := make([]int, len(cs))
	w := len(n.ends)
	for i, c := range cs {
		ws[i] = c.weight(split)
		w += ws[i]
	}
	for w > maxRouteWeight {
		i := 0
		for j := range ws {
			if ws[j] > ws[i] {
				i = j
			}
		}
		if ws[i] < minRouteWeight {
			break
		}
		split[cs[i]] = true
		w -= ws[i] - 1
		ws[i] = 1
	}
	return w
}

// maxRouteWeight bounds the operations one generated route function
// decides between, its subtrees with functions of their own counting as
// one each, unless all are lighter than minRouteWeight, which would not
// pay for a function of their own.
// They are variables so that a test can make a small router split
// (TestRouterSplitAgrees).
var (
	maxRouteWeight = 128
	minRouteWeight = 16
)

type rtempl struct {
	lits []string // literal text around the parameters
	node *rnode
}

func newRNode() *rnode { return &rnode{static: map[string]*rnode{}} }

// splitTemplate splits a path segment of the spec into its literal pieces
// and parameter count: "pet" is static (0 parameters), "{id}" is a whole
// parameter, "{name}.{ext}" has lits "", ".", "".
func splitTemplate(seg string) (lits []string, params int) {
	for {
		i := strings.IndexByte(seg, '{')
		j := strings.IndexByte(seg, '}')
		if i < 0 || j < i {
			return append(lits, seg), params
		}
		lits = append(lits, seg[:i])
		params++
		seg = seg[j+1:]
	}
}

func buildRoutes(a *api) *rnode {
	root := newRNode()
	for _, op := range a.ops {
		n := root
		for _, seg := range strings.Split(strings.TrimPrefix(op.Path, "/"), "/") {
			lits, params := splitTemplate(seg)
			switch {
			case params == 0:
				c := n.static[seg]
				if c == nil {
					c = newRNode()
					n.static[seg] = c
				}
				n = c
			case params == 1 && lits[0] == "" && lits[1] == "":
				if n.param == nil {
					n.param = newRNode()
				}
				n = n.param
			default:
				var found *rnode
				for _, t := range n.templ {
					if strings.Join(t.lits, "{}") == strings.Join(lits, "{}") {
						found = t.node
					}
				}
				if found == nil {
					found = newRNode()
					n.templ = append(n.templ, &rtempl{lits, found})
				}
				n = found
			}
		}
		dup := false
		for _, e := range n.ends {
			dup = dup || e.Method == op.Method
		}
		if dup {
			n.dups = append(n.dups, op)
		} else {
			n.ends = append(n.ends, op)
		}
	}
	return root
}

type router struct {
	*file
	a      *api
	lits   int          // numbered literal tables for templates
	tables []routeTable // their declarations
	// split holds the subtrees matched by a function of their own, and
	// funcs those to print, named in order.
	split map[*rnode]bool
	funcs []routeFunc
	// fn is the function being printed: 0 for matchRoute, i for
	// funcs[i-1]; lines are the lines printed for each (routePkgs uses
	// them to place the functions).
	fn    int
	lines []int
	// pkgs, when the router is split into packages (routepkgs.go), says
	// where each function goes; nil when it is one file.
	pkgs *routePkgs
}

// routeFunc is a function matching the subtree at node, whose segment is
// the one at depth d, after k parameters.
type routeFunc struct {
	name string
	node *rnode
	d, k int
}

// routeTable is the declaration of a literal table used by function fn.
type routeTable struct {
	fn   int
	decl string
}

func genRouter(f *file, a *api) { newRouter(f, a).print() }

// newRouter returns a router printing a's routes into f.
func newRouter(f *file, a *api) *router {
	return &router{file: f, a: a, split: map[*rnode]bool{}}
}

// print prints the router: matchRoute, the route functions, then the
// literal tables, each into the file of its package (use).
func (r *router) print() {
	a := r.a
	root := buildRoutes(a)
	root.weight(r.split)
	match, notFound, notAllowed := a.route("matchRoute"), a.route("routeNotFound"), a.route("routeMethodNotAllowed")
	r.use(0)
	start := r.buf.Len()
	r.P("// Results of ", match, " besides an operation index.")
	r.P("const (")
	r.P(notFound, " = -1")
	r.P(notAllowed, " = -2")
	r.P(")")
	r.P()
	r.P("// ", match, " finds the operation for a method and a request path from")
	r.P("// ", oashttpimpl("RoutePath"), ", escaped when esc is true, storing the path parameters,")
	r.P("// as they are in path, in p in the order of the path template. It returns")
	r.P("// the operation's index, ", notFound, ", or ", notAllowed, " with the")
	r.P("// methods the path allows.")
	r.P("//")
	r.P("// It is a decision tree over the path's segments: static segments first")
	r.P("// (matched after percent-decoding when esc), then templates, then")
	r.P("// parameters; a branch that fails falls through to the next. A trailing")
	r.P("// slash is a segment of its own: \"/pet/\" is not \"/pet\". HEAD is served")
	r.P("// by GET where the spec does not declare it.")
	r.P("func ", match, "(method, path string, esc bool, p *[", max(a.maxCaptures, 1), "]string) (op int, allow string) {")
	r.P("if path == \"\" || path[0] != '/' {")
	r.P("return ", notFound, ", \"\"")
	r.P("}")
	if len(a.ops) > 0 {
		r.node(root, 0, 0, "path[1:]")
	}
	r.P("return ", notFound, ", \"\"")
	r.P("}")
	r.P()
	r.measure(start)
	for i := 0; i < len(r.funcs); i++ { // node appends to r.funcs
		fn := r.funcs[i]
		r.use(i + 1)
		start := r.buf.Len()
		r.P("// ", fn.name, " is ", r.matchDoc(), " for the rest of the path after a segment at depth ", fn.d, ".")
		r.P("func ", fn.name, "(method, path string, esc bool, p *[", max(a.maxCaptures, 1), "]string) (op int, allow string) {")
		r.node(fn.node, fn.d, fn.k, "path")
		r.P("return ", r.result("routeNotFound"), ", \"\"")
		r.P("}")
		r.P()
		r.measure(start)
	}
	for _, t := range r.tables {
		r.use(t.fn)
		r.P(t.decl)
		r.lines[t.fn]++
	}
}

// measure adds the lines printed since the buffer's offset start to the
// function being printed.
func (r *router) measure(start int) {
	r.lines = append(r.lines, bytes.Count(r.buf.Bytes()[start:], []byte("\n")))
}

// node prints the code matching the segment at depth d, with k parameters
// captured so far; elem is the expression of the rest of the path.
func (r *router) node(n *rnode, d, k int, elem string) {
	seg, rest, more := "seg"+strconv.Itoa(d), "rest"+strconv.Itoa(d), "more"+strconv.Itoa(d)
	restUsed := false
	for _, c := range r.children(n) {
		restUsed = restUsed || hasChildren(c)
	}
	if !restUsed {
		rest = "_"
	}
	keys := make([]string, 0, len(n.static))
	for key := range n.static {
		keys = append(keys, key)
	}
	sort.Strings(keys)
	// A node with static segments only fails fast: a path whose next byte
	// starts none of them is not cut and compared (when it is not escaped:
	// "%69tems" is "items").
	if first := firstBytes(keys); len(n.templ) == 0 && n.param == nil && first != nil {
		nonEmpty, c0 := elem+" != \"\"", elem+"[0]"
		if elem == "path[1:]" {
			nonEmpty, c0 = "len(path) > 1", "path[1]"
		}
		conds := make([]string, len(first))
		for i, c := range first {
			conds[i] = c0 + " == " + strconv.QuoteRune(rune(c))
		}
		cond := strings.Join(conds, " || ")
		if len(conds) > 1 {
			cond = "(" + cond + ")"
		}
		r.P("if esc || ", nonEmpty, " && ", cond, " {")
		defer r.P("}")
	}
	r.P(seg, ", ", rest, ", ", more, " := ", oashttpimpl("CutSegment"), "(", elem, ")")
	if len(n.static) > 0 {
		r.P("switch ", oashttpimpl("StaticKey"), "(", seg, ", esc) {")
		for _, key := range keys {
			r.P("case ", strconv.Quote(key), ":")
			r.child(n.static[key], d, k, rest, more)
		}
		r.P("}")
	}
	for _, t := range n.templ {
		m := len(t.lits) - 1
		name := r.table(t.lits)
		r.P("if ", oashttpimpl("MatchTemplate"), "(", seg, ", ", name, "[:], p[", k, ":", k+m, "]) {")
		r.child(t.node, d, k+m, rest, more)
		r.P("}")
	}
	if n.param != nil {
		r.P("if ", seg, " != \"\" {")
		r.P("p[", k, "] = ", seg)
		r.child(n.param, d, k+1, rest, more)
		r.P("}")
	}
}

// firstBytes returns the distinct first bytes of static segments, or nil
// when there are more than maxFirstBytes of them or a segment is empty
// (the trailing slash of "/files/"), where checking the first byte first
// would not pay.
func firstBytes(keys []string) []byte {
	var first []byte
	for _, k := range keys {
		if k == "" || k[0] >= 0x80 {
			return nil
		}
		if !slices.Contains(first, k[0]) {
			first = append(first, k[0])
		}
	}
	if len(first) > maxFirstBytes {
		return nil
	}
	return first
}

// maxFirstBytes is the most first bytes firstBytes lets the router compare.
const maxFirstBytes = 3

func (r *router) children(n *rnode) []*rnode {
	var cs []*rnode
	for _, c := range n.static {
		cs = append(cs, c)
	}
	for _, t := range n.templ {
		cs = append(cs, t.node)
	}
	if n.param != nil {
		cs = append(cs, n.param)
	}
	return cs
}

// hasStatic reports whether the tree under n has a static segment, which
// matchRoute compares after decoding.
func hasStatic(n *rnode) bool {
	if len(n.static) > 0 {
		return true
	}
	for _, t := range n.templ {
		if hasStatic(t.node) {
			return true
		}
	}
	return n.param != nil && hasStatic(n.param)
}

func hasChildren(n *rnode) bool {
	return len(n.static) > 0 || len(n.templ) > 0 || n.param != nil
}

// child prints the code for a node whose segment matched: the operations
// ending there when the path ends, else the next depth.
func (r *router) child(c *rnode, d, k int, rest, more string) {
	if len(c.ends) > 0 {
		r.P("if !", more, " {")
		sort.Slice(c.ends, func(i, j int) bool { return c.ends[i].Method < c.ends[j].Method })
		r.P("switch method {")
		methods := sortedMethods(c.ends)
		headByGet := slices.Contains(methods, "GET") && !slices.Contains(methods, "HEAD")
		for _, op := range c.ends {
			if op.Method == "GET" && headByGet {
				// HEAD is GET without the body (RFC 9110, section 9.3.2);
				// net/http drops what the handler writes.
				r.P("case \"GET\", \"HEAD\":")
			} else {
				r.P("case ", strconv.Quote(op.Method), ":")
			}
			r.P("return ", op.index, ", \"\" // ", op.ID)
		}
		r.P("}")
		if headByGet {
			methods = append(methods, "HEAD")
			sort.Strings(methods)
		}
		for _, op := range c.dups {
			r.P("// ", op.Method, " ", op.Path, " (", op.ID, ") is unreachable: another operation has its method and route.")
		}
		r.P("return ", r.result("routeMethodNotAllowed"), ", ", strconv.Quote(strings.Join(methods, ", ")))
		r.P("}")
	}
	switch {
	case hasChildren(c) && len(c.ends) > 0:
		r.next(c, d+1, k, rest) // the path goes on: the block above returned otherwise
	case hasChildren(c):
		r.P("if ", more, " {")
		r.next(c, d+1, k, rest)
		r.P("}")
	}
}

// next prints the code matching the segments under c, at depth d after
// k parameters, or the call of its own function: a subtree that does not
// match falls through to the next alternative either way.
func (r *router) next(c *rnode, d, k int, elem string) {
	if !r.split[c] {
		r.node(c, d, k, elem)
		return
	}
	call, name := r.callee(len(r.funcs) + 1)
	r.funcs = append(r.funcs, routeFunc{name, c, d, k})
	r.P("if op, allow := ", call, "(method, ", elem, ", esc, p); op != ", r.result("routeNotFound"), " {")
	r.P("return op, allow")
	r.P("}")
}

// table declares the literal pieces of a segment template and returns the
// variable's name.
func (r *router) table(lits []string) string {
	r.lits++
	name := r.a.local("routeLits") + strconv.Itoa(r.lits)
	q := make([]string, len(lits))
	for i, l := range lits {
		q[i] = strconv.Quote(l)
	}
	r.tables = append(r.tables, routeTable{r.fn, "var " + name + " = [...]string{" + strings.Join(q, ", ") + "}"})
	return name
}

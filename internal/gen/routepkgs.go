package gen

import (
	"fmt"
	"path"
	"strconv"
)

// A router split into packages: with the API split (split.go), the router
// is a package of its own, RouteDir, and Microsoft Graph beta's is 155,000
// lines of route functions, which the compiler holds at once. Past
// Options.RouteLines lines, the route functions go into packages under
// RouteDir, r01, r02, ..., in contiguous runs of their order, each run up
// to that many lines; RouteDir keeps Match, its results and the first run.
//
// A route function is printed after the one calling it (next queues it),
// so a function only calls functions later in the order, and a package
// only imports later packages: there is no import cycle. A function
// called from another package is exported (Match12), the others keep
// their names (matchRoute12); a literal table goes into the package of
// the function using it. The packages under RouteDir do not import it:
// they declare the results NotFound and MethodNotAllowed again, unexported,
// with the same values.

// routePkgs says which package each function of a router goes into.
type routePkgs struct {
	of    []int       // the package of each function: 0 for matchRoute's, i for funcs[i-1]
	pkgs  []*modelPkg // the packages, RouteDir's first
	files []*file     // their files
}

// genSplitRouter prints a's router into the layout's route package, and
// its route functions into packages under it when it is past the
// layout's routeLines, handing each package's file to emitPkg.
func genSplitRouter(a *api, k *checks, emitPkg func(*modelPkg, *checks, ...*file) error) error {
	l := k.layout
	a.routePkg = l.route.path
	kr := k.forPackage()
	f := l.route.file("oas_router_gen.go", kr)
	r := newRouter(f, a)
	r.print()
	if l.routeLines <= 0 || sum(r.lines) <= l.routeLines {
		return emitPkg(l.route, kr, f)
	}
	of, n := placeRoutes(r.lines, l.routeLines)
	if n == 1 {
		return emitPkg(l.route, kr, f) // matchRoute alone is past routeLines
	}
	pkgs := &routePkgs{of: of}
	checks := make([]*checks, n)
	for i := range n {
		mp, km := l.route, kr
		if i > 0 {
			name := fmt.Sprintf("r%02d", i)
			mp = &modelPkg{name: name, dir: path.Join(l.route.dir, name), path: path.Join(l.route.path, name)}
			km = k.forPackage()
		}
		f := mp.file("oas_router_gen.go", km)
		if i > 0 {
			f.P("// Results of the route functions besides an operation index, as")
			f.P("// ", l.route.name, ".Match's.")
			f.P("const (")
			f.P("notFound = -1")
			f.P("methodNotAllowed = -2")
			f.P(")")
			f.P()
		}
		pkgs.pkgs, pkgs.files, checks[i] = append(pkgs.pkgs, mp), append(pkgs.files, f), km
	}
	r = newRouter(pkgs.files[0], a)
	r.pkgs = pkgs
	r.print()
	for i, mp := range pkgs.pkgs {
		if err := emitPkg(mp, checks[i], pkgs.files[i]); err != nil {
			return err
		}
	}
	return nil
}

// placeRoutes returns the package of each function of a router, given
// the lines each takes, and the number of packages: contiguous runs of
// up to bound lines (a function longer than that alone), as few as that
// allows and about as long as each other.
func placeRoutes(lines []int, bound int) (of []int, n int) {
	total := sum(lines)
	// Cut the whole into n even shares, a function going where its middle
	// falls, while that keeps every run within bound; else runs filled up
	// to bound in turn (greedy), which always do.
	greedy, g := fillRoutes(lines, bound)
	for n = max(1, (total+bound-1)/bound); n <= g; n++ {
		of = make([]int, len(lines))
		sizes := make([]int, n)
		counts := make([]int, n)
		fits, before := true, 0
		for i, l := range lines {
			of[i] = min(n-1, (before+l/2)*n/total)
			sizes[of[i]] += l
			counts[of[i]]++
			before += l
		}
		for k := range n {
			fits = fits && counts[k] > 0 && (sizes[k] <= bound || counts[k] == 1)
		}
		if fits {
			return of, n
		}
	}
	return greedy, g
}

// fillRoutes places functions of the given lines into packages, filling
// each up to bound lines before the next.
func fillRoutes(lines []int, bound int) (of []int, n int) {
	of = make([]int, len(lines))
	pkg, size := 0, 0
	for i, l := range lines {
		if size > 0 && size+l > bound {
			pkg, size = pkg+1, 0
		}
		of[i], size = pkg, size+l
	}
	return of, pkg + 1
}

// use makes function i the one being printed, into its package's file.
func (r *router) use(i int) {
	r.fn = i
	if r.pkgs != nil {
		r.file = r.pkgs.files[r.pkgs.of[i]]
	}
}

// inSub reports whether the function being printed is in a package under
// RouteDir.
func (r *router) inSub() bool { return r.pkgs != nil && r.pkgs.of[r.fn] > 0 }

// result names a result of the router ("routeNotFound",
// "routeMethodNotAllowed") where the function being printed is.
func (r *router) result(name string) any {
	if !r.inSub() {
		return r.a.route(name)
	}
	if name == "routeNotFound" {
		return "notFound"
	}
	return "methodNotAllowed"
}

// matchDoc names the router's entry point in a route function's doc
// comment, without importing its package.
func (r *router) matchDoc() any {
	if !r.inSub() {
		return r.a.route("matchRoute")
	}
	return r.pkgs.pkgs[0].name + ".Match"
}

// callee returns how the function being printed calls route function n,
// and n's name: exported when it is in another package.
func (r *router) callee(n int) (call Ident, name string) {
	if r.pkgs == nil || r.pkgs.of[n] == r.pkgs.of[r.fn] {
		name = r.a.local("matchRoute") + strconv.Itoa(n)
		return Ident{"", name}, name
	}
	name = "Match" + strconv.Itoa(n)
	return Ident{r.pkgs.pkgs[r.pkgs.of[n]].path, name}, name
}

// sum returns the sum of ns.
func sum(ns []int) int {
	s := 0
	for _, n := range ns {
		s += n
	}
	return s
}

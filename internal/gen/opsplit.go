package gen

import (
	"fmt"
	"hash/fnv"
	"path"

	"github.com/oasgen/oasgen/internal/ir"
)

// Operations split into parts (Options.OpPackages): with the models
// split, the operations' types, server and client are still one package
// each, and Microsoft Graph's server alone is over a million lines. With
// OpPackages above 1 each of the three is split into parts, the same
// operations in each: part NN's types in OpsDir/oNN, its server code
// (parameter decoders, handlers, results' writers' callers) in
// ServerDir/sNN and its client in ClientDir/cNN, which import only their
// part's types, with a dot.
//
// An operation's part is a hash of its operationId (of its method and
// path when it has none) modulo the number of parts: adding, removing or
// changing one operation changes its part's three packages and the
// packages that list every operation (the router, the root server and
// client, the package's aliases), not the others. Each part is printed
// as an API of its own (its own api), so the types two operations share
// (results of operations that answer alike, parameter types and
// decoders) are shared within a part only.
//
// The root packages keep the API's names: ServerDir's Handler embeds the
// parts' Handler interfaces, so one type implements them all; its Server
// routes, checks security and hands each request to its operation's
// part. Unimplemented, in UnimplementedDir, embeds the parts'. ClientDir's Client embeds
// the parts' clients, so their methods are its own, and NewClient gives
// them one configuration.

// opPart is one part of the operations.
type opPart struct {
	num int   // its number, from 1: the names of its packages
	ops []int // the indexes of its operations in the API's, in order
	// types, server and client are its packages.
	types, server, client *modelPkg
}

// opKey returns what decides the part of o: its operationId, or its
// method and path.
func opKey(o *ir.Operation) string {
	if o.ID != "" {
		return o.ID
	}
	return o.Method + " " + o.Path
}

// splitOps splits ops into n parts below importPath (none when n is below
// 2); parts no operation falls in are left out.
func (l *layout) splitOps(ops []*ir.Operation, n int, importPath string) {
	if n < 2 || len(ops) < 2 {
		return
	}
	byNum := make([]*opPart, n)
	for i, o := range ops {
		h := fnv.New32a()
		h.Write([]byte(opKey(o)))
		k := int(h.Sum32() % uint32(n))
		if byNum[k] == nil {
			byNum[k] = &opPart{num: k + 1}
		}
		byNum[k].ops = append(byNum[k].ops, i)
	}
	pkg := func(dir, prefix string, num int) *modelPkg {
		name := fmt.Sprintf("%s%02d", prefix, num)
		dir = path.Join(dir, name)
		return &modelPkg{name: name, dir: dir, path: path.Join(importPath, dir)}
	}
	for _, p := range byNum {
		if p == nil {
			continue
		}
		p.types, p.server, p.client = pkg(OpsDir, "o", p.num), pkg(ServerDir, "s", p.num), pkg(ClientDir, "c", p.num)
		l.opParts = append(l.opParts, p)
	}
	if len(l.opParts) < 2 {
		l.opParts = nil
	}
}

// partAPI returns the api of part p of a's operations: the API's names,
// schemes and callbacks, its operations printed as their own set.
func (a *api) partAPI(p *opPart) *api {
	ops := make([]*ir.Operation, len(p.ops))
	for i, j := range p.ops {
		ops[i] = a.ops[j].Operation
	}
	pa := newAPIOf(ir.APINames{
		Handler: a.handler, Unimplemented: a.unimplemented, Server: a.server,
		NewServer: a.newServer, Client: a.client, NewClient: a.newClient,
	}, ops, nil)
	pa.schemes, pa.exchange, pa.what, pa.part = a.schemes, a.exchange, a.what, p
	// The operations keep their indexes in the part (index, local): the
	// API's server maps its own to them, so that an operation added to
	// another part changes nothing here.
	for _, op := range pa.ops {
		op.write = op.ExportedWriteName
	}
	return pa
}

// noinlineInPart prints, before a method of a part's Client or
// Unimplemented (a.part is set), a directive that the compiler not inline
// it. The API's types embed the parts', and the compiler writes a wrapper
// of each promoted method for the type and for its pointer: inlined, each
// small method was copied into both, which took about 2 of the 4.2-4.7 s
// GitHub's root client package took to compile (go build of the package
// alone, side by side with and without). A call through
// the API's type costs one call more, beside a request over HTTP.
func noinlineInPart(f *file, a *api) {
	if a.part != nil {
		f.P("//go:noinline")
	}
}

// opPartField names the root's alias of a part's type name, which it embeds
// under that name: "partClient03".
func opPartField(p *opPart, name string) string {
	return fmt.Sprintf("part%s%02d", name, p.num)
}

// genServerPart prints the server of a's operations, a part of the API's:
// its Handler, Unimplemented and Server, whose Call serves an operation
// by the API's index for the API's Server.
func genServerPart(f *file, a *api) {
	f.P("// ", a.handler, " implements this part's operations, one method each; the API's")
	f.P("// ", a.handler, " embeds it.")
	f.P("type ", a.handler, " interface {")
	handlerMethods(f, a)
	f.P("}")
	f.P()
	f.P("// ", a.unimplemented, " answers this part's operations with 501 Not Implemented; the")
	f.P("// API's ", a.unimplemented, " embeds it. Its methods are not inlined (go:noinline),")
	f.P("// so that the compiler does not copy each into the two wrappers it writes")
	f.P("// for the API's ", a.unimplemented, ".")
	f.P("type ", a.unimplemented, " struct{}")
	f.P()
	genUnimplemented(f, a)
	f.P("// ", a.local("operations"), " holds the media types of this part's operations' responses,")
	f.P("// by their index in the part (none when a response has no body).")
	f.P("var ", a.local("operations"), " = [", len(a.ops), "]struct{ produces []string }{")
	for _, op := range a.ops {
		f.P("{", offersLit(op), "}, // ", op.ID)
	}
	f.P("}")
	f.P()
	f.P("// ", a.server, " serves this part's operations for the API's server.")
	f.P("type ", a.server, " struct {")
	f.P("h   ", a.handler)
	f.P("cfg *", oashttpimpl("Server"))
	f.P("// begin is the API's server's check of a request's credentials and")
	f.P("// Accept header, for an operation by its index in this part; nil when")
	f.P("// no operation has security.")
	f.P("begin func(", httpPkg("ResponseWriter"), ", *", httpPkg("Request"), ", int) (", ctxType, ", bool)")
	f.P("}")
	f.P()
	f.P("// ", a.newServer, " returns the server of this part's operations, for the API's server")
	f.P("// configured with cfg.")
	f.P("func ", a.newServer, "(h ", a.handler, ", cfg *", oashttpimpl("Server"), ", begin func(", httpPkg("ResponseWriter"), ", *", httpPkg("Request"), ", int) (", ctxType, ", bool)) *", a.server, " {")
	f.P("return &", a.server, "{h: h, cfg: cfg, begin: begin}")
	f.P("}")
	f.P()
	f.P("// Call serves the operation whose index in this part is op, with the")
	f.P("// path parameters p, escaped or not (esc) as the API's server read them.")
	f.P("func (s *", a.server, ") Call(op int, w ", httpPkg("ResponseWriter"), ", r *", httpPkg("Request"), ", p []string, esc bool) {")
	genCallSwitch(f, a)
	f.P("}")
	f.P()
	for _, op := range a.ops {
		f.cut()
		genHandle(f, a, op)
	}
	genObjectDecoders(f, a)
}

// genClientPart prints the client of a's operations, a part of the API's:
// its Client, which the API's embeds, and its constructor.
func genClientPart(f *file, a *api) {
	f.P("// ", a.client, " calls this part's operations over HTTP; the API's ", a.client, " embeds it.")
	f.P("//")
	f.P("// Its methods are not inlined (go:noinline): the compiler writes two")
	f.P("// wrappers of each for the API's ", a.client, ", which would otherwise each get")
	f.P("// a copy of the method's body, seconds of a large API's build.")
	f.P("type ", a.client, " struct {")
	f.P("cfg *", oashttpimpl("Client"))
	f.P("}")
	f.P()
	f.P("// ", a.newClient, " returns the client of this part's operations, configured with cfg.")
	f.P("func ", a.newClient, "(cfg *", oashttpimpl("Client"), ") *", a.client, " {")
	f.P("return &", a.client, "{cfg: cfg}")
	f.P("}")
	f.P()
	genClientCalls(f, a)
}

// genClientRoot prints the API's client, which embeds its parts'.
func genClientRoot(f *file, a *api) {
	for _, p := range a.parts {
		f.P("type ", opPartField(p, "Client"), " = ", f.qual(Ident{p.client.path, a.client}))
	}
	f.P()
	f.P("// ", a.client, " calls the API over HTTP: one method per operation, returning")
	f.P("// the variant of the result that the response's status and content type")
	f.P("// select. A status the operation does not declare is a *", oashttp("StatusError"))
	f.P("// carrying the decoded problem details, if any. The methods are declared")
	f.P("// by the clients of the operations' parts, which it embeds.")
	// Embedded as values, whose methods have pointer receivers: only
	// *Client has them then, so the compiler writes one wrapper of each,
	// not two (Microsoft Graph's package: 3.6 GiB to compile with the
	// parts embedded as pointers).
	f.P("type ", a.client, " struct {")
	for _, p := range a.parts {
		f.P(opPartField(p, "Client"))
	}
	f.P("}")
	f.P()
	genNewClient(f, a, func() {
		f.P("return &", a.client, "{")
		for _, p := range a.parts {
			f.P("*", f.qual(Ident{p.client.path, a.newClient}), "(cfg),")
		}
		f.P("}, nil")
	})
}

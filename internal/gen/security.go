// This file holds the server's security: the Security interface whose
// methods check each scheme's credentials, and the authorizers operations
// call before their handlers.

package gen

import (
	"strconv"
	"strings"

	"github.com/oasgen/oasgen/internal/ir"
)

// quoteText returns s as a Go string literal, interpreted unless that
// needs escapes.
func quoteText(s string) string {
	if strings.ContainsAny(s, "\"\\") {
		return goString(s)
	}
	return strconv.Quote(s)
}

func schemeWhat(sc *scheme) string {
	switch sc.Credentials {
	case ir.CredAPIKey:
		return "apiKey in " + string(sc.In) + " " + strconv.Quote(sc.Param)
	case ir.CredBasic:
		return "HTTP basic"
	case ir.CredBearer:
		if sc.Type == ir.SchemeHTTP {
			return "HTTP bearer token"
		}
		return string(sc.Type) + ", a bearer token"
	}
	if sc.Type == ir.SchemeHTTP {
		return "HTTP " + sc.Scheme + ", read from the request"
	}
	return string(sc.Type) + ", read from the request"
}

// securitySig returns the parameters and results of a security method.
func (f *file) securitySig(sc *scheme) string {
	s := "(ctx " + f.qual(ctxType) + ", operationID string, "
	switch sc.Credentials {
	case ir.CredAPIKey:
		s += "key string"
	case ir.CredBasic:
		s += "username, password string"
	case ir.CredBearer:
		s += "token string, scopes []string"
	default:
		s += "r *" + f.qual(httpPkg("Request"))
	}
	return s + ") (" + f.qual(ctxType) + ", error)"
}

// genSecurity prints, per scheme, the method reading its credentials and,
// per authorizer in list, the one trying its requirements in turn.
func genSecurity(f *file, a *api, list []*authorizer) {
	srv := a.server
	for _, sc := range a.schemes {
		fail := errReturn{
			pre:  []any{"return nil, &", oashttp("SecurityError"), "{Scheme: ", strconv.Quote(sc.Name), ", Challenge: ", quoteText(sc.Challenge), ", Err: "},
			post: []any{"}"},
		}
		f.P("// ", sc.Check, " reads the credentials of scheme ", strconv.Quote(sc.Name), " and passes them to the Handler.")
		f.P("func (s *", srv, ") ", sc.Check, "(ctx ", ctxType, ", r *", httpPkg("Request"), ", op string, scopes []string) (", ctxType, ", error) {")
		call := ""
		switch sc.Credentials {
		case ir.CredAPIKey:
			f.P("key, ok := ", oashttpimpl("APIKey"), "(r, ", strconv.Quote(string(sc.In)), ", ", strconv.Quote(sc.Param), ")")
			call = "key"
		case ir.CredBasic:
			f.P("user, password, ok := r.BasicAuth()")
			call = "user, password"
		case ir.CredBearer:
			f.P("token, ok := ", oashttpimpl("BearerToken"), "(r)")
			call = "token, scopes"
		default:
			call = "r"
		}
		if sc.Credentials != ir.CredRequest {
			f.P("if !ok {")
			fail.P(f, oashttp("ErrNoCredentials"))
			f.P("}")
		}
		f.P("ctx, err := s.h.", sc.Method, "(ctx, op, ", call, ")")
		f.P("if err != nil {")
		fail.P(f, "err")
		f.P("}")
		f.P("if ctx == nil {")
		f.P("ctx = r.Context()")
		f.P("}")
		f.P("return ctx, nil")
		f.P("}")
		f.P()
	}
	for _, az := range list {
		genAuthorize(f, a, az)
	}
}

// authorizer is a method of the server checking one list of security
// requirements, which every operation that has it shares.
type authorizer struct {
	name string
	reqs []*ir.SecurityRequirement
}

// authorizers returns the authorizers of a's secured operations, in the
// order of the operations, and the one of each.
func authorizers(a *api) (list []*authorizer, of map[*apiOp]*authorizer) {
	of = map[*apiOp]*authorizer{}
	byKey := map[string]*authorizer{}
	names := map[string]bool{}
	for _, op := range a.ops {
		if op.Security == nil {
			continue
		}
		var key, name strings.Builder
		for i, req := range op.Security {
			if i > 0 {
				key.WriteString(" or ")
				name.WriteString("Or")
			}
			if len(req.Schemes) == 0 {
				key.WriteString("{}")
				name.WriteString("Anonymous")
			}
			for j, use := range req.Schemes {
				if j > 0 {
					name.WriteString("And")
				}
				name.WriteString(strings.TrimPrefix(a.schemeOf(use.Scheme).Method, "Handle"))
				key.WriteString(strconv.Quote(use.Scheme.Name) + strconv.Quote(strings.Join(use.Scopes, " ")) + ";")
			}
		}
		az := byKey[key.String()]
		if az == nil {
			n := "authorize" + name.String()
			for i := 2; names[n]; i++ {
				n = "authorize" + name.String() + strconv.Itoa(i)
			}
			names[n] = true
			az = &authorizer{name: n, reqs: op.Security}
			byKey[key.String()] = az
			list = append(list, az)
		}
		of[op] = az
	}
	return list, of
}

// genAuthorize prints the method trying the security requirements of az
// in turn: the first met gives the context the operation runs with.
func genAuthorize(f *file, a *api, az *authorizer) {
	f.P("// ", az.name, " checks the security of operation op: the first requirement")
	f.P("// met gives the context the operation runs with.")
	f.P("func (s *", a.server, ") ", az.name, "(r *", httpPkg("Request"), ", op string) (", ctxType, ", error) {")
	open := false
	var reqs []*ir.SecurityRequirement
	for _, req := range az.reqs {
		if len(req.Schemes) == 0 {
			open = true
		} else {
			reqs = append(reqs, req)
		}
	}
	track := len(reqs) > 1 // the error to report is chosen among several
	for k, req := range reqs {
		var names []string
		for _, use := range req.Schemes {
			n := use.Scheme.Name
			if len(use.Scopes) > 0 {
				n += " (" + strings.Join(use.Scopes, ", ") + ")"
			}
			names = append(names, n)
		}
		f.P("// ", strings.Join(names, " and "))
		for i, use := range req.Schemes {
			scopes := "nil"
			if len(use.Scopes) > 0 {
				scopes = "[]string{" + quoteList(use.Scopes) + "}"
			}
			in := "r.Context()"
			if i > 0 {
				in = "ctx"
			}
			call := "s." + a.schemeOf(use.Scheme).Check + "(" + in + ", r, op, " + scopes + ")"
			switch {
			case k == 0 && i == 0:
				f.P("ctx, err := ", call)
			case i == 0:
				f.P("ctx, err = ", call)
			default:
				f.P("if err == nil {")
				f.P("ctx, err = ", call)
				f.P("}")
			}
		}
		f.P("if err == nil {")
		f.P("return ctx, nil")
		f.P("}")
		switch {
		case !track || k == len(reqs)-1:
		case k == 0:
			f.P("first := err")
		default:
			f.P("first = ", oashttpimpl("FirstSecurityError"), "(first, err)")
		}
	}
	errExpr := "err"
	if track {
		errExpr = f.qual(oashttpimpl("FirstSecurityError")) + "(first, err)"
	}
	switch {
	case open && len(reqs) > 0:
		f.P("return ", oashttpimpl("Anonymous"), "(r, ", errExpr, ")")
	case open:
		f.P("return r.Context(), nil")
	case len(reqs) == 0:
		f.P("return nil, &", oashttp("SecurityError"), "{Scheme: \"(undeclared)\", Err: ", oashttp("ErrNoCredentials"), "}")
	default:
		f.P("return nil, ", errExpr)
	}
	f.P("}")
	f.P()
}

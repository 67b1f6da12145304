package build

import (
	"strings"

	"github.com/oasgen/oasgen/internal/ir"

	"github.com/oasgen/oasgen/internal/spec"
)

// securitySchemes collects components.securitySchemes, in spec order.
func (b *builder) securitySchemes() {
	b.schemes = map[string]*ir.SecurityScheme{}
	c := b.s.Doc.Components
	if c == nil || c.SecuritySchemes == nil {
		return
	}
	names := ir.NewNamespace()
	for name, ss := range c.SecuritySchemes.FromOldest() {
		if ss == nil {
			continue
		}
		s := &ir.SecurityScheme{
			Name:   name,
			GoName: names.Claim(ir.GoNameOr(name, "Scheme"), "Scheme"),
			Type:   ir.SchemeType(ss.Type),
			Scheme: strings.ToLower(ss.Scheme),
			In:     ir.Location(ss.In),
			Param:  ss.Name,
			Doc:    ir.Doc{Description: ss.Description},
		}
		s.Credentials, s.Challenge = credentials(s)
		b.schemes[name] = s
		b.secList = append(b.secList, s)
	}
}

// credentials returns what a scheme's Handler method receives and the
// challenge of a 401 it refuses with.
func credentials(s *ir.SecurityScheme) (ir.Credentials, string) {
	switch {
	case s.Type == ir.SchemeAPIKey && (s.In == ir.InHeader || s.In == ir.InQuery || s.In == ir.InCookie):
		// No registered HTTP scheme names an API key; RFC 9110 (11.6.1)
		// still wants a challenge on every 401, so it names the key.
		return ir.CredAPIKey, `APIKey in="` + string(s.In) + `", name="` + quotedString(s.Param) + `"`
	case s.Type == ir.SchemeHTTP && s.Scheme == "basic":
		return ir.CredBasic, `Basic realm="api"`
	case s.Type == ir.SchemeHTTP && s.Scheme == "bearer", s.Type == ir.SchemeOAuth2, s.Type == ir.SchemeOpenIDConnect:
		return ir.CredBearer, "Bearer"
	case s.Type == ir.SchemeHTTP && s.Scheme != "":
		return ir.CredRequest, s.Scheme // Digest, HOBA...: the user's code reads them
	}
	return ir.CredRequest, "" // mutualTLS: no HTTP challenge asks for a certificate
}

// quotedString escapes s for the inside of an HTTP quoted-string (RFC
// 9110, section 5.6.4).
func quotedString(s string) string {
	return strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s)
}

// requirements returns an operation's security: its own when it declares
// any (an empty list turns security off), else the spec's. A requirement
// naming an undeclared scheme is reported and dropped, which leaves the
// operation stricter, never open.
func (b *builder) requirements(own []*spec.SecurityRequirement, at ir.Pos) []*ir.SecurityRequirement {
	reqs := own
	if reqs == nil {
		reqs = b.s.Doc.Security
	}
	var out []*ir.SecurityRequirement
	for _, r := range reqs {
		if r == nil {
			continue
		}
		req := &ir.SecurityRequirement{}
		ok := true
		if r.Requirements != nil {
			for name, scopes := range r.Requirements.FromOldest() {
				s := b.schemes[name]
				if s == nil {
					b.warnf(classSecurity, at, "security requirement names undeclared scheme %s; the requirement can never be met", name)
					ok = false
					break
				}
				req.Schemes = append(req.Schemes, &ir.SecurityUse{Scheme: s, Scopes: scopes})
			}
		}
		if ok {
			out = append(out, req)
		}
	}
	if len(reqs) > 0 && len(out) == 0 {
		// Every alternative named an undeclared scheme: a non-nil empty
		// list, which nothing meets.
		return []*ir.SecurityRequirement{}
	}
	return out
}

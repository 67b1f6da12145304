package gen

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/oasgen/oasgen/internal/build"
	"github.com/oasgen/oasgen/internal/ir"
	"github.com/oasgen/oasgen/internal/spec"
)

// TestParamSharesMatchText checks build's sharing of parameter code
// (ir.Operation's ParamsType, ParamsDecoder, ParamsAdder), decided on the
// IR, against the code the emitters print for each operation, on every
// golden case and the corpus specs when OASGEN_CORPUS names them: two
// operations share a declaration exactly when what it would print for
// them is the same text (the Params fields with their comments; the
// decoder's fields and statements; the client's statements, two lines or
// more, with one Params type). A share build makes too wide is wrong
// code; one too narrow is code printed twice.
func TestParamSharesMatchText(t *testing.T) {
	specs, _ := filepath.Glob("../../testdata/*/openapi.yaml")
	more, _ := filepath.Glob("../../testdata/*/openapi.json")
	specs = append(specs, more...)
	if dir := os.Getenv("OASGEN_CORPUS"); dir != "" {
		for _, s := range corpusSpecs {
			specs = append(specs, filepath.Join(dir, s))
		}
	}
	shared := 0
	for _, path := range specs {
		s, err := spec.Load(path)
		if err != nil {
			t.Errorf("%s: %v", path, err)
			continue
		}
		pkg, err := build.Package(s, build.Options{})
		if err != nil {
			continue
		}
		f := newFile("x.go", "p", newChecks(pkg))
		for _, ops := range [][]*ir.Operation{pkg.Operations, pkg.Webhooks, pkg.Callbacks} {
			a := newAPIOf(ir.APINames{}, ops, pkg.SecuritySchemes)
			types, decoders, adders := newBijection(), newBijection(), newBijection()
			for _, op := range a.ops {
				if op.params == "" {
					if op.ParamsType != nil || op.ParamsDecoder != nil || op.ParamsAdder != nil {
						t.Errorf("%s: %s has no parameters and shares some", path, op.GoName)
					}
					continue
				}
				fields := f.detached()
				for _, p := range op.Params {
					fields.paramDoc(p)
					fields.P(p.GoName, " ", fields.paramType(p, true))
				}
				types.add(t, path, op, op.ParamsType, fields.buf.String())

				dec := f.detached()
				for _, p := range op.Params {
					dec.P(p.GoName, " ", dec.paramType(p, true))
				}
				dec.P()
				decodeParamsBody(dec, op)
				decoders.add(t, path, op, op.ParamsDecoder, dec.buf.String())

				sent := f.detached()
				clientParams(sent, op, "req")
				if lines := strings.Count(sent.buf.String(), "\n"); (lines >= 2) != (op.ParamsAdder != nil) {
					t.Errorf("%s: %s adds its parameters in %d lines; build gave it adder %v", path, op.GoName, lines, op.ParamsAdder)
					continue
				}
				if op.ParamsAdder != nil {
					adders.add(t, path, op, op.ParamsAdder, fields.buf.String()+"\x00"+sent.buf.String())
				}
			}
			shared += types.shared + decoders.shared + adders.shared
		}
	}
	if shared == 0 {
		t.Error("no golden case shares parameter code")
	}
}

// bijection checks that shares and texts correspond one to one.
type bijection struct {
	byShare map[*ir.Share]string
	byText  map[string]*ir.Share
	shared  int // operations that use another's declaration
}

func newBijection() *bijection {
	return &bijection{byShare: map[*ir.Share]string{}, byText: map[string]*ir.Share{}}
}

func (b *bijection) add(t *testing.T, path string, op *apiOp, s *ir.Share, text string) {
	t.Helper()
	if s == nil {
		t.Errorf("%s: %s has parameters and no share", path, op.GoName)
		return
	}
	if prev, ok := b.byShare[s]; ok {
		b.shared++
		if prev != text {
			t.Errorf("%s: %s shares %d with code of other text:\n%s\nvs\n%s", path, op.GoName, s.ID, prev, text)
		}
	}
	if prev, ok := b.byText[text]; ok && prev != s {
		t.Errorf("%s: %s prints what share %d prints, in share %d:\n%s", path, op.GoName, prev.ID, s.ID, text)
	}
	b.byShare[s], b.byText[text] = text, s
}

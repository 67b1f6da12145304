package gen

import (
	"math/big"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/oasgen/oasgen/internal/ir"
)

// handBuiltAPI is an ir.Package written by hand, as build would make it
// for a spec with one component, Pet, and two operations on one path
// whose parameters are alike: PUT /pets/{petId} (UpdatePet) and POST
// /pets/{petId} (ReplacePet), each with a path parameter, a query
// parameter with a maximum and a header, a JSON body and two responses.
// It holds build's decisions too (names, shares), so the emitters are
// tested on what they are given, whatever build would decide.
func handBuiltAPI() *ir.Package {
	pet := &ir.Struct{
		Common: ir.Common{GoName: "Pet", Pointer: "#/components/schemas/Pet"},
		Fields: []*ir.Field{
			{GoName: "ID", JSONName: "id", Type: &ir.Prim{Kind: ir.Int64}, Required: true},
			{GoName: "Name", JSONName: "name", Type: &ir.Prim{Kind: ir.String}, Required: true},
		},
	}
	jsonOf := func(d ir.Decl) *ir.Media {
		return &ir.Media{ContentType: "application/json", Kind: ir.MediaJSON, Type: &ir.Ref{Decl: d}}
	}
	paramsType, decoder, adder, results := &ir.Share{ID: 1}, &ir.Share{ID: 2}, &ir.Share{ID: 3}, &ir.Share{ID: 4}
	op := func(id, goName, method string) *ir.Operation {
		ok := jsonOf(pet)
		result := goName + "Response"
		return &ir.Operation{
			ID: id, GoName: goName, Method: method, Path: "/pets/{petId}", Summary: "Change a pet",
			Params: []*ir.Param{
				{Name: "petId", GoName: "PetID", In: ir.InPath, Style: ir.StyleSimple, Required: true, Type: &ir.Prim{Kind: ir.Int64}},
				{Name: "limit", GoName: "Limit", In: ir.InQuery, Style: ir.StyleForm, Explode: true, Type: &ir.Prim{Kind: ir.Int32, Maximum: big.NewRat(100, 1)}},
				{Name: "X-Trace", GoName: "XTrace", In: ir.InHeader, Style: ir.StyleSimple, Type: &ir.Prim{Kind: ir.String}},
			},
			Body: &ir.Body{Required: true, Content: []*ir.Media{jsonOf(pet)}, Kind: ir.BodyTyped},
			Response: []*ir.Response{
				{Status: "200", Doc: ir.Doc{Description: "The pet"}, Content: []*ir.Media{ok}, Results: []*ir.Result{{GoName: result + "200", Media: ok, BodyField: "Body"}}},
				{Status: "404", Doc: ir.Doc{Description: "No such pet"}, Results: []*ir.Result{{GoName: result + "404"}}},
			},
			ParamsName: goName + "Params", ResultName: result,
			WriteName: "write" + result, ExportedWriteName: "Write" + result,
			ParamsType: paramsType, ParamsDecoder: decoder, ParamsAdder: adder, ResultTypes: results,
		}
	}
	return &ir.Package{
		Decls:      []ir.Decl{pet},
		Operations: []*ir.Operation{op("updatePet", "UpdatePet", "PUT"), op("replacePet", "ReplacePet", "POST")},
		API: ir.APINames{Handler: "Handler", Unimplemented: "Unimplemented", Server: "Server", NewServer: "NewServer",
			Client: "Client", NewClient: "NewClient", NewValidator: "NewValidator", NewContractTransport: "NewContractTransport"},
	}
}

// TestEmittersFromIR prints the hand-built API's server and client and
// checks the lines that carry its shapes: the Params struct declared once
// and aliased, one parameter decoder with the query parameter's check,
// one client adder, the handler's and client's signatures, the results
// read and written with the operations sharing nothing else. Then it
// builds the package in a scratch module and calls the server through the
// client over loopback.
func TestEmittersFromIR(t *testing.T) {
	pkg := handBuiltAPI()
	files, err := Generate(pkg, Options{Package: "petapi"})
	if err != nil {
		t.Fatal(err)
	}
	text := map[string]string{}
	for _, f := range files {
		text[f.Name] = string(f.Content)
	}
	want := map[string][]string{
		"oas_server_gen.go": {
			"type UpdatePetParams struct {",
			"type ReplacePetParams = UpdatePetParams",
			"UpdatePet(ctx context.Context, params UpdatePetParams, body *Pet) (UpdatePetResponse, error)",
			"ReplacePet(ctx context.Context, params ReplacePetParams, body *Pet) (ReplacePetResponse, error)",
			"func decodeUpdatePetParams(params *UpdatePetParams, r *http.Request, p []string, esc bool) (err error) {",
			"if err := decodeUpdatePetParams(&params, r, p, esc); err != nil { // the same parameters as UpdatePet",
			"type UpdatePetResponse200 struct {",
			"ReplacePetResponse404 = UpdatePetResponse404", // answers alike
		},
		"oas_client_gen.go": {
			"Request, params *UpdatePetParams) {", // addUpdatePetParams(req *
			"addUpdatePetParams(&req, &params) // the same parameters as UpdatePet",
			`req.SetHeader("X-Trace", params.XTrace.Value)`,
		},
	}
	for name, lines := range want {
		for _, line := range lines {
			if !strings.Contains(text[name], line) {
				t.Errorf("%s lacks %q", name, line)
			}
		}
	}
	for _, fn := range []struct{ file, name string }{
		{"oas_server_gen.go", "decodeUpdatePetParams"}, {"oas_client_gen.go", "addUpdatePetParams"},
	} {
		if n := strings.Count(text[fn.file], "\nfunc "+fn.name+"("); n != 1 {
			t.Errorf("%s declares %s %d times", fn.file, fn.name, n)
		}
		if other := strings.Replace(fn.name, "Update", "Replace", 1); strings.Contains(text[fn.file], "func "+other) {
			t.Errorf("%s declares %s too", fn.file, other)
		}
	}
	if testing.Short() {
		return
	}

	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	sum, _ := os.ReadFile(filepath.Join(root, "go.sum"))
	write := func(name string, b []byte) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", []byte("module scratch\n\ngo 1.26\n\nrequire github.com/oasgen/oasgen v0.0.0\n\nreplace github.com/oasgen/oasgen => "+root+"\n"))
	write("go.sum", sum)
	for _, f := range files {
		write(filepath.Join("petapi", f.Name), f.Content)
	}
	write("petapi/call_test.go", []byte(`package petapi

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/oasgen/oasgen/oasrt"
)

type pets struct{ Unimplemented }

func (pets) UpdatePet(ctx context.Context, params UpdatePetParams, body *Pet) (UpdatePetResponse, error) {
	if params.PetID != body.ID {
		return UpdatePetResponse404{}, nil
	}
	body.Name += " " + params.XTrace.Value
	return UpdatePetResponse200{Body: *body}, nil
}

func (pets) ReplacePet(ctx context.Context, params ReplacePetParams, body *Pet) (ReplacePetResponse, error) {
	return ReplacePetResponse200{Body: Pet{ID: params.PetID, Name: "new"}}, nil
}

func TestCall(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewUnstartedServer(NewServer(pets{}))
	srv.Listener.Close()
	srv.Listener = l
	srv.Start()
	defer srv.Close()
	c, err := NewClient(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	params := UpdatePetParams{PetID: 7, XTrace: oasrt.Opt[string]{Value: "x", Set: true}}
	res, err := c.UpdatePet(ctx, params, &Pet{ID: 7, Name: "Rex"})
	if ok, _ := res.(UpdatePetResponse200); err != nil || ok.Body.Name != "Rex x" {
		t.Fatalf("UpdatePet: %#v, %v", res, err)
	}
	if res, err := c.UpdatePet(ctx, params, &Pet{ID: 8}); err != nil || res != (UpdatePetResponse404{}) {
		t.Fatalf("UpdatePet of another pet: %#v, %v", res, err)
	}
	if res, err := c.ReplacePet(ctx, params, &Pet{}); err != nil || res != (ReplacePetResponse200{Body: Pet{ID: 7, Name: "new"}}) {
		t.Fatalf("ReplacePet: %#v, %v", res, err)
	}
	// The client checks the parameters before sending, the server's
	// decoder when they come.
	params.Limit = oasrt.Opt[int32]{Value: 101, Set: true}
	if _, err := c.ReplacePet(ctx, params, &Pet{}); err == nil || !strings.Contains(err.Error(), "limit") {
		t.Fatalf("ReplacePet with limit 101: %v, want an error naming limit", err)
	}
	resp, err := http.Post(srv.URL+"/pets/7?limit=101", "application/json", strings.NewReader("{\"id\":7,\"name\":\"a\"}"))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusBadRequest {
		t.Fatalf("POST with limit 101: %s, want 400", resp.Status)
	}
}
`))
	cmd := exec.Command("go", "test", "-count=1", "./petapi")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go test in the scratch module: %v\n%s", err, out)
	}
}

// TestEmittersFromIRSelected selects the hand-built API's second
// operation alone: the shares build gave the pair now have one user, which
// declares the Params struct and the decoder and adds its parameters
// itself.
func TestEmittersFromIRSelected(t *testing.T) {
	pkg := handBuiltAPI()
	pkg.Select(func(o *ir.Operation) bool { return o.GoName == "ReplacePet" })
	files, err := Generate(pkg, Options{Package: "petapi"})
	if err != nil {
		t.Fatal(err)
	}
	text := map[string]string{}
	for _, f := range files {
		text[f.Name] = string(f.Content)
	}
	for name, lines := range map[string][]string{
		"oas_server_gen.go": {"type ReplacePetParams struct {", "func decodeReplacePetParams(params *ReplacePetParams,", "type ReplacePetResponse200 struct {"},
		"oas_client_gen.go": {`req.SetHeader("X-Trace", params.XTrace.Value)`},
	} {
		for _, line := range lines {
			if !strings.Contains(text[name], line) {
				t.Errorf("%s lacks %q", name, line)
			}
		}
	}
	for name, text := range text {
		for _, gone := range []string{"UpdatePet", "func add"} {
			if strings.Contains(text, gone) {
				t.Errorf("%s holds %q", name, gone)
			}
		}
	}
}

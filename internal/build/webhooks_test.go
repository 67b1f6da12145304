package build

import (
	"slices"
	"testing"

	"github.com/oasgen/oasgen/internal/ir"
)

// TestWebhookNames checks that webhooks and callbacks are named after the
// API's operations, which keep their usual names, and that a selection
// keeps the webhooks it accepts and the callbacks of the operations it
// keeps.
func TestWebhookNames(t *testing.T) {
	doc := `openapi: 3.1.0
info: {title: t, version: '1'}
paths:
  /a:
    post:
      operationId: petAdded
      tags: [a]
      callbacks:
        done: {'{$request.query.u}': {post: {responses: {'200': {description: ok}}}}}
      responses: {'200': {description: ok}}
  /b:
    get:
      operationId: other
      callbacks:
        done: {'{$url}': {post: {responses: {'200': {description: ok}}}}}
      responses: {'200': {description: ok}}
webhooks:
  petAdded:
    post:
      tags: [a]
      responses: {'200': {description: ok}}
  b:
    post: {responses: {'200': {description: ok}}}
    put: {responses: {'200': {description: ok}}}
`
	p := buildDoc(t, doc)
	type op struct{ id, goName, path, result string }
	list := func(ops []*ir.Operation) []op {
		var out []op
		for _, o := range ops {
			out = append(out, op{o.ID, o.GoName, o.Path, o.ResultName})
		}
		return out
	}
	if got, want := list(p.Operations), []op{{"petAdded", "PetAdded", "/a", "PetAddedResponse"}, {"other", "Other", "/b", "OtherResponse"}}; !slices.Equal(got, want) {
		t.Errorf("operations %v, want %v", got, want)
	}
	if got, want := list(p.Webhooks), []op{{"petAdded", "PetAdded2", "/petAdded", "PetAdded2Response"}, {"b put", "BPut", "/b", "BPutResponse"}, {"b post", "BPost", "/b", "BPostResponse"}}; !slices.Equal(got, want) {
		t.Errorf("webhooks %v, want %v", got, want)
	}
	if got, want := list(p.Callbacks), []op{{"petAdded done", "PetAddedDone", "/petAdded/done", "PetAddedDoneResponse"}, {"other done", "OtherDone", "/other/done", "OtherDoneResponse"}}; !slices.Equal(got, want) {
		t.Errorf("callbacks %v, want %v", got, want)
	}
	if got := p.Callbacks[0].Callback.URLFunc; got != "PetAddedDoneURL" {
		t.Errorf("URL function %s", got)
	}
	p.Select(func(o *ir.Operation) bool { return slices.Contains(o.Tags, "a") })
	if got, want := list(p.Webhooks), []op{{"petAdded", "PetAdded2", "/petAdded", "PetAdded2Response"}}; !slices.Equal(got, want) {
		t.Errorf("selected webhooks %v, want %v", got, want)
	}
	if got, want := list(p.Callbacks), []op{{"petAdded done", "PetAddedDone", "/petAdded/done", "PetAddedDoneResponse"}}; !slices.Equal(got, want) {
		t.Errorf("selected callbacks %v, want %v", got, want)
	}
}

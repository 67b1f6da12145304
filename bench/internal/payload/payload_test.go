package payload

import (
	"bytes"
	"encoding/json"
	"testing"
)

func TestPayloads(t *testing.T) {
	b := B()
	if n := len(b); n < 19_000_000 || n > 19_600_000 {
		t.Errorf("B is %d bytes, want about 19.3 MB", n)
	}
	if !bytes.HasPrefix(b, []byte(`{"total":20000,"result":[{"a":"`)) {
		t.Errorf("B starts %q", b[:64])
	}
	for name, p := range map[string][]byte{"A": A, "B": b, "C": C(), "SomeValue": SomeValue, "Oneof": Oneof} {
		if !json.Valid(p) {
			t.Errorf("%s is not valid JSON", name)
		}
	}
	if !bytes.Equal(C(), C()) || !bytes.Equal(mustEncode(BValue()), b) {
		t.Error("payloads are not deterministic")
	}
	t.Logf("A %d bytes, B %d bytes, C %d bytes", len(A), len(b), len(C()))
}

package oashttp

import (
	"testing"
)

func TestSecretEqual(t *testing.T) {
	tests := []struct {
		name, got, want string
		equal           bool
	}{
		{"equal", "s3cret", "s3cret", true},
		{"differs at the end", "s3crex", "s3cret", false},
		{"prefix", "s3c", "s3cret", false},
		{"longer", "s3crets", "s3cret", false},
		{"empty against secret", "", "s3cret", false},
		{"both empty", "", "", true},
	}
	for _, tt := range tests {
		if got := SecretEqual(tt.got, tt.want); got != tt.equal {
			t.Errorf("%s: SecretEqual(%q, %q) = %v", tt.name, tt.got, tt.want, got)
		}
	}
}

package jsoneq

import "testing"

func TestEqual(t *testing.T) {
	tests := []struct {
		name, want, got string
		wantErr         bool
	}{
		{"same", `{"a":1,"b":[true,null,"x"]}`, `{"a":1,"b":[true,null,"x"]}`, false},
		{"member order", `{"a":1,"b":2}`, `{"b":2,"a":1}`, false},
		{"number spelling", `[1e21,0.5,100]`, `[1e+21,5e-1,100]`, false},
		{"big integers exactly", `18446744073709551615`, `18446744073709551614`, true},
		{"missing member", `{"a":1,"b":2}`, `{"a":1}`, true},
		{"extra member", `{"a":1}`, `{"a":1,"b":null}`, true},
		{"string vs number", `{"a":"1"}`, `{"a":1}`, true},
		{"array length", `[1,2]`, `[1]`, true},
		{"invalid", `{}`, `{`, true},
		{"trailing data", `{}`, `{} {}`, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Equal([]byte(tt.want), []byte(tt.got))
			if (err != nil) != tt.wantErr {
				t.Errorf("Equal(%s, %s) = %v, wantErr %v", tt.want, tt.got, err, tt.wantErr)
			}
		})
	}
}

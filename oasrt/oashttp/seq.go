package oashttp

// WithMaxRequestItemBytes bounds one line or record of a sequence request
// body; a longer one is a 400 naming it. The default is
// oasrt.DefaultMaxItemBytes.
func WithMaxRequestItemBytes(n int) ServerOption {
	return func(c *ServerConfig) { c.MaxItemBytes = n }
}

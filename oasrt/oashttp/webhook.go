package oashttp

// NewSenderConfig returns the configuration of a client with no base URL,
// whose requests name their whole URL (Request.URL): the webhooks' and
// callbacks' clients, which call the URLs subscribers gave. opts are the
// API client's, with the same defaults.
func NewSenderConfig(opts []ClientOption) *ClientConfig {
	// The placeholder is valid, so NewClientConfig cannot fail; it is
	// cleared so that a request without a URL fails instead of going to
	// it.
	c, err := NewClientConfig("http://webhook.invalid", opts)
	if err != nil {
		panic("oasrt: " + err.Error())
	}
	c.BaseURL = ""
	return c
}

// Package functions holds the provider-defined functions (DESIGN §2): pure
// computations a configuration can run at plan time, with the same rules the
// platform applies (template variables, the gateway's content limit, mobile
// numbers). They make no API call and need no provider configuration.
package functions

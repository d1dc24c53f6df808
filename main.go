// Command terraform-provider-contactcenter serves the contactcenter
// Terraform provider (protocol 6).
package main

import (
	"context"
	"flag"
	"log"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"

	"github.com/contactcenter/terraform-provider-contactcenter/provider"
)

// version is set by the linker (-X main.version=...).
var version = "dev"

func main() {
	var debug bool
	flag.BoolVar(&debug, "debug", false, "run the provider with support for debuggers such as delve")
	flag.Parse()
	err := providerserver.Serve(context.Background(), provider.New(version), providerserver.ServeOpts{
		Address: "registry.terraform.io/contactcenter/contactcenter",
		Debug:   debug,
	})
	if err != nil {
		log.Fatal(err)
	}
}

package functions

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/function"
)

// run calls f.Run in process, as the framework does for a CallFunction,
// with a result slot of the function's return type.
func run(t *testing.T, f function.Function, args ...attr.Value) (attr.Value, *function.FuncError) {
	t.Helper()
	ctx := context.Background()
	var def function.DefinitionResponse
	f.Definition(ctx, function.DefinitionRequest{}, &def)
	var valid function.DefinitionValidateResponse
	def.Definition.ValidateImplementation(ctx, function.DefinitionValidateRequest{FuncName: "f"}, &valid)
	if valid.Diagnostics.HasError() {
		t.Fatalf("definition: %v", valid.Diagnostics)
	}
	result, ferr := def.Definition.Return.NewResultData(ctx)
	if ferr != nil {
		t.Fatalf("result data: %v", ferr)
	}
	resp := function.RunResponse{Result: result}
	f.Run(ctx, function.RunRequest{Arguments: function.NewArgumentsData(args)}, &resp)
	return resp.Result.Value(), resp.Error
}

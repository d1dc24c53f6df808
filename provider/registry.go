package provider

import (
	"github.com/hashicorp/terraform-plugin-framework/action"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/function"
	"github.com/hashicorp/terraform-plugin-framework/resource"

	"github.com/contactcenter/terraform-provider-contactcenter/actions"
	"github.com/contactcenter/terraform-provider-contactcenter/datasources"
	"github.com/contactcenter/terraform-provider-contactcenter/resources"
)

// The catalogue of DESIGN §5. One line per object, sorted by type name.

func resourceList() []func() resource.Resource {
	return []func() resource.Resource{
		resources.NewGatewaySMSSignatureResource,
		resources.NewGatewaySMSTemplateResource,
		resources.NewSkillGroupResource,
	}
}

func dataSourceList() []func() datasource.DataSource {
	return []func() datasource.DataSource{
		datasources.NewGatewaySMSSignaturesDataSource,
		datasources.NewGatewaySMSTemplatesDataSource,
		datasources.NewSkillGroupsDataSource,
	}
}

func actionList() []func() action.Action {
	return []func() action.Action{
		actions.NewGatewaySMSSendAction,
	}
}

func functionList() []func() function.Function {
	return []func() function.Function{}
}

package provider

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/action"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/function"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/resource"

	"github.com/contactcenter/terraform-provider-contactcenter/actions"
	"github.com/contactcenter/terraform-provider-contactcenter/datasources"
	"github.com/contactcenter/terraform-provider-contactcenter/functions"
	"github.com/contactcenter/terraform-provider-contactcenter/resources"
)

// The catalogue of DESIGN §5. One line per object, sorted by type name.

func resourceList() []func() resource.Resource {
	return []func() resource.Resource{
		resources.NewAgentResource,
		resources.NewGatewaySMSSignatureResource,
		resources.NewGatewaySMSTemplateResource,
		resources.NewOutboundTaskResource,
		resources.NewSkillGroupMemberResource,
		resources.NewSkillGroupMembersResource,
		resources.NewSkillGroupResource,
		resources.NewSMSSignatureResource,
		resources.NewSMSTemplateResource,
		resources.NewSoundResource,
		resources.NewWebhookResource,
	}
}

func dataSourceList() []func() datasource.DataSource {
	return []func() datasource.DataSource{
		datasources.NewAgentDataSource,
		datasources.NewAgentsDataSource,
		datasources.NewASRTranscriptDataSource,
		datasources.NewBusyReasonsDataSource,
		datasources.NewGatewaySMSSignaturesDataSource,
		datasources.NewGatewaySMSTemplatesDataSource,
		datasources.NewIVRsDataSource,
		datasources.NewNumberSelectionDataSource,
		datasources.NewOutboundTasksDataSource,
		datasources.NewRobotRecordingDataSource,
		datasources.NewSkillGroupsDataSource,
		datasources.NewSMSRecordsDataSource,
		datasources.NewSMSSignaturesDataSource,
		datasources.NewSMSTemplatesDataSource,
		datasources.NewSoundFileDataSource,
		datasources.NewSoundsDataSource,
		datasources.NewTrunkCallRecordsDataSource,
		datasources.NewTrunkNumbersDataSource,
		datasources.NewVirtualNumberBindingsDataSource,
		datasources.NewVOSCallRecordsDataSource,
		datasources.NewWebhooksDataSource,
	}
}

func actionList() []func() action.Action {
	return []func() action.Action{
		actions.NewASRTranscribeAction,
		actions.NewCallUserDataAction,
		actions.NewGatewaySMSSendAction,
		actions.NewOutboundTaskStatusAction,
		actions.NewSMSSendAction,
	}
}

func functionList() []func() function.Function {
	return []func() function.Function{
		functions.NewMobileNormalizeFunction,
		functions.NewSMSFitsFunction,
		functions.NewSMSLengthFunction,
		functions.NewTemplateParamsFunction,
	}
}

var _ provider.ProviderWithListResources = (*ccProvider)(nil)

// ListResources are the list resources of `terraform query`: one per managed
// resource, with the same type name.
func (p *ccProvider) ListResources(context.Context) []func() list.ListResource {
	return listResourceList()
}

func listResourceList() []func() list.ListResource {
	return []func() list.ListResource{
		resources.NewAgentListResource,
		resources.NewGatewaySMSSignatureListResource,
		resources.NewGatewaySMSTemplateListResource,
		resources.NewOutboundTaskListResource,
		resources.NewSkillGroupListResource,
		resources.NewSkillGroupMemberListResource,
		resources.NewSkillGroupMembersListResource,
		resources.NewSMSSignatureListResource,
		resources.NewSMSTemplateListResource,
		resources.NewSoundListResource,
		resources.NewWebhookListResource,
	}
}

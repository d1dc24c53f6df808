package datasources_test

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

func TestAccRobotRecordingDataSource_basic(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{
				Config: env.Config(`data "contactcenter_robot_recording" "r" { call_id = "robot-call-0001" }`),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("data.contactcenter_robot_recording.r", tfjsonpath.New("path"),
						knownvalue.StringExact("https://records.sim.invalid/robot/robot-call-0001.wav")),
				},
			},
			{
				Config:      env.Config(`data "contactcenter_robot_recording" "r" { call_id = "no-such-call" }`),
				ExpectError: voiceDiagRE(`Robot Recording Not Found`),
			},
		},
	})
}

# Terraform 1.14 and later: list the voice files whose name contains
# "Welcome", then write their configuration and import blocks with
#   terraform query -generate-config-out=sounds.tf
# The generated blocks have no `source`: the platform keeps the files.
list "contactcenter_sound" "welcome" {
  provider         = contactcenter
  include_resource = true

  config {
    keyword = "Welcome"
  }
}

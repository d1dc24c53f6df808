# The number groups, trunk numbers and X numbers agents can call from.
data "contactcenter_number_selection" "this" {}

# Names need not be unique: each name maps to the ids of its groups.
output "caller_groups" {
  value = { for g in data.contactcenter_number_selection.this.groups : g.name => g.id... }
}

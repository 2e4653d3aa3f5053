import type { CommandGroup } from '../cli-context';
import { carriersCommands } from './carriers.commands';
import { inventoryCommands } from './inventory.commands';
import { locationsCommands } from './locations.commands';
import { ordersCommands } from './orders.commands';
import { projectionsCommands } from './projections.commands';
import { shipmentsCommands } from './shipments.commands';
import { tenantsCommands } from './tenants.commands';

/**
 * Every command group of the cli. Add yours as `commands/<area>.commands.ts` exporting a CommandGroup
 * (`(program, context) => { program.command('<area>:<verb>')… }`) and list it here.
 */
export const commandGroups: CommandGroup[] = [projectionsCommands, carriersCommands, shipmentsCommands, ordersCommands, tenantsCommands, locationsCommands, inventoryCommands];

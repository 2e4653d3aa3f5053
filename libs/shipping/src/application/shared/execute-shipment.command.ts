import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ShipmentState } from '../../domain/shipment';
import type { CommandMeta } from './command-meta';
import { ShipmentCommandService, type CommandSource } from './shipment-command.service';

/** Any command on an existing shipment, dispatched through the CommandBus to ShipmentCommandService. */
export class ExecuteShipmentCommand extends Command<ShipmentState> {
  constructor(
    readonly tenantId: string,
    readonly shipmentRef: string,
    readonly source: CommandSource,
    readonly meta: CommandMeta,
  ) {
    super();
  }
}

@CommandHandler(ExecuteShipmentCommand)
export class ExecuteShipmentCommandHandler implements ICommandHandler<ExecuteShipmentCommand, ShipmentState> {
  constructor(private readonly shipments: ShipmentCommandService) {}

  execute(command: ExecuteShipmentCommand): Promise<ShipmentState> {
    return this.shipments.execute(command.tenantId, command.shipmentRef, command.source, command.meta);
  }
}

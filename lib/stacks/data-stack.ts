import { Stack, type StackProps } from 'aws-cdk-lib';
import { AttributeType, Billing, TableV2, StreamViewType } from 'aws-cdk-lib/aws-dynamodb';
import { CfnPlaceIndex } from 'aws-cdk-lib/aws-location';
import type { Construct } from 'constructs';
import { removalPolicyOf, type StageConfig } from '../config/stages';

export interface DataStackProps extends StackProps {
  readonly config: StageConfig;
}

/** GSIs of the single table (lambdas/data/README.md), both projecting ALL. */
export const tableIndexes = [
  { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
  { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
] as const;

/**
 * The single DynamoDB table (pk/sk plus two GSIs, on demand, point-in-time recovery; TTL only on
 * `expiresAtEpoch`, which only rate-limit counters carry: listings are deleted by the expiry job) and the Amazon Location place index that geocodes listing addresses.
 * prod: deletion protection and RETAIN; dev: DESTROY.
 */
export class DataStack extends Stack {
  readonly table: TableV2;
  readonly placeIndex: CfnPlaceIndex;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    const { config } = props;

    this.table = new TableV2(this, 'Table', {
      partitionKey: { name: 'pk', type: AttributeType.STRING },
      sortKey: { name: 'sk', type: AttributeType.STRING },
      billing: Billing.onDemand(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: config.retainData,
      removalPolicy: removalPolicyOf(config),
      timeToLiveAttribute: 'expiresAtEpoch',
      // The projector (lambdas/streams/projector.ts) derives every derived record from the changes.
      dynamoStream: StreamViewType.NEW_AND_OLD_IMAGES,
      globalSecondaryIndexes: tableIndexes.map((index) => ({
        indexName: index.indexName,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
      })),
    });

    // The place index has no generated name in CloudFormation; the stage-unique stack name makes one.
    this.placeIndex = new CfnPlaceIndex(this, 'PlaceIndex', {
      indexName: `${this.stackName}-places`,
      dataSource: 'Esri',
      // Results are geocoded once per save and stored with the listing: "Storage" use in Location terms.
      dataSourceConfiguration: { intendedUse: 'Storage' },
      pricingPlan: 'RequestBasedUsage',
      description: 'Geocodes listing addresses when a listing is saved',
    });
  }
}

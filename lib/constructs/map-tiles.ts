import { Names, Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { CfnAPIKey } from 'aws-cdk-lib/aws-location';
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';

/**
 * Amazon Location Maps (v2) serves raster tiles only as satellite imagery; its street basemap is vector
 * tiles, which the listing map (pigeon-maps, raster) cannot draw. Aerial imagery shows the streets and the
 * building, which is what a broker looks for.
 */
export const mapTileset = 'raster.satellite';
export const mapTileAttribution = '© AWS, Maxar and other Amazon Location data providers';

/** The one host the browser fetches tiles from: the CSP allows exactly this origin for images. */
export function mapTilesOrigin(scope: Construct): string {
  const stack = Stack.of(scope);
  return `https://maps.geo.${stack.region}.${stack.urlSuffix}`;
}

export interface MapTilesProps {
  /** https://<site domain>: the only referer the key serves. */
  readonly siteOrigin: string;
}

/**
 * A browser API key that may only read map tiles, only for pages of the site, and the tile URL template
 * (with the key) for the SPA's runtime config. CloudFormation does not return an API key's value, so a
 * custom resource reads it with DescribeKey.
 */
export class MapTiles extends Construct {
  readonly apiKey: CfnAPIKey;
  /** `https://maps.geo.<region>.<suffix>/v2/tiles/raster.satellite/{z}/{x}/{y}?key=…` */
  readonly tileUrl: string;

  constructor(scope: Construct, id: string, props: MapTilesProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const keyName = Names.uniqueResourceName(this, { maxLength: 100 });
    this.apiKey = new CfnAPIKey(this, 'Key', {
      keyName,
      description: 'BISN listing map: tile reads from the site only',
      noExpiry: true,
      restrictions: {
        allowActions: ['geo-maps:GetTile'],
        allowResources: [`arn:${stack.partition}:geo-maps:${stack.region}::provider/default`],
        allowReferers: [`${props.siteOrigin}/*`],
      },
    });
    const keyValue = new AwsCustomResource(this, 'KeyValue', {
      onUpdate: {
        service: 'Location',
        action: 'describeKey',
        parameters: { KeyName: this.apiKey.keyName },
        physicalResourceId: PhysicalResourceId.of(keyName),
        outputPaths: ['Key'],
      },
      policy: AwsCustomResourcePolicy.fromStatements([new PolicyStatement({ actions: ['geo:DescribeKey'], resources: [this.apiKey.attrArn] })]),
      installLatestAwsSdk: false,
    });
    this.tileUrl = `${mapTilesOrigin(this)}/v2/tiles/${mapTileset}/{z}/{x}/{y}?key=${keyValue.getResponseField('Key')}`;
  }
}

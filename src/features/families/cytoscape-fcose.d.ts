// cytoscape-fcose ships no types: it is a cytoscape extension registered with cytoscape.use().
declare module 'cytoscape-fcose' {
  import type cytoscape from 'cytoscape';
  const fcose: cytoscape.Ext;
  export default fcose;
}

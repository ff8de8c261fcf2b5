/** Grid algorithms: A*, Dijkstra maps, flood fill and field of view on typed-array masks (indices y * width + x). */
export { type Topology, UNREACHABLE, isInterior } from './types.js';
export { AStar, MAX_ASTAR_CELLS } from './astar.js';
export { DistanceField, downhill, floodFill, FLEE_SCALE, MAX_FIELD_CELLS } from './dijkstra.js';
export { Fov, lineOfSight } from './fov.js';
export { DeadEnds } from './dead-ends.js';

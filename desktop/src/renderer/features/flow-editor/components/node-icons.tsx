import type { FlowNodeType } from '@atendo/shared';
import {
  ArrowShuffleRegular,
  BotRegular,
  BrainCircuitRegular,
  BranchForkRegular,
  ChatRegular,
  ImageRegular,
  LayerRegular,
  PlayCircleRegular,
  QuestionCircleRegular,
  Speaker2Regular,
  TextBulletListLtrRegular,
  TicketDiagonalRegular,
  TimerRegular,
  VideoRegular,
} from '@fluentui/react-icons';
import type { ReactElement } from 'react';

export const NODE_ICONS: Record<FlowNodeType, ReactElement> = {
  start: <PlayCircleRegular />,
  message: <ChatRegular />,
  interval: <TimerRegular />,
  condition: <BranchForkRegular />,
  menu: <TextBulletListLtrRegular />,
  img: <ImageRegular />,
  audio: <Speaker2Regular />,
  video: <VideoRegular />,
  randomizer: <ArrowShuffleRegular />,
  singleBlock: <LayerRegular />,
  ticket: <TicketDiagonalRegular />,
  typebot: <BotRegular />,
  openai: <BrainCircuitRegular />,
  question: <QuestionCircleRegular />,
};
